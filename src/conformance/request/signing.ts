/**
 * OAuth signing modes of the case format (P-AUTH-1/2/3/6): valid credentials in every deployed
 * shape, and each way they can be wrong. Built on src/oauth's primitives.
 */
import {
  baseStringUri,
  bodyHash,
  bodyHashHex,
  formatAuthorizationHeader,
  formParams,
  hmacSha1,
  type OAuthParam,
  percentEncode,
  rawSigningKey,
  signatureBaseString,
  signingKey,
} from "../../oauth/index.js";
import { randomHex } from "../../oauth/random-hex.js";
import { FORM_MEDIA_TYPE, mediaTypeOf } from "../../wire/media-type.js";
import type { AuthMode, AuthSpec } from "../case-types.js";
import type { AppCredentials } from "../suite/target.js";
import { type BodyBytes, bodyPieces, wholeBody } from "./body-bytes.js";

/** What to sign. */
export interface SignInput {
  readonly method: string;
  /** Origin, e.g. `http://127.0.0.1:8080`. */
  readonly origin: string;
  readonly path: string;
  /** Query text without `?` (already encoded), possibly empty. */
  readonly query: string;
  /** Text appended to the query last, verbatim (joined with `&` unless it starts with one, so `&` alone makes a trailing `&`); signed like the rest. */
  readonly trailing?: string;
  readonly body?: BodyBytes;
  readonly contentType?: string;
  readonly app: AppCredentials;
  readonly requestor?: string;
  readonly auth: Required<Omit<AuthSpec, "realm">> & { realm?: string };
  /** Seconds since the epoch. */
  readonly now: number;
  readonly nonce?: string;
}

/** What to send: the query (with any OAuth parameters) and headers to add. */
interface SignOutput {
  readonly query: string;
  readonly headers: Record<string, string>;
  readonly nonce: string;
  /** The signature sent (empty when unsigned). */
  readonly signature: string;
}

/** Fills a partial auth spec with the defaults (no spec: a valid signature). */
export function normaliseAuth(auth: AuthSpec | undefined): SignInput["auth"] {
  const spec: AuthSpec = auth ?? { mode: "valid" };
  const out: SignInput["auth"] = {
    protocol: spec.protocol ?? {},
    unsignedQuery: spec.unsignedQuery ?? "",
    mode: spec.mode,
    placement: spec.placement ?? "header",
    key: spec.key ?? "encoded",
    body: spec.body ?? "auto",
    requestorIn: spec.requestorIn ?? "query",
    skew: spec.skew ?? 0,
  };
  if (spec.realm !== undefined) out.realm = spec.realm;
  return out;
}

function encodePairs(pairs: readonly OAuthParam[]): string {
  return pairs.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join("&");
}

function joinQuery(a: string, b: string): string {
  return a === "" ? b : b === "" ? a : `${a}&${b}`;
}

/** P-AUTH-3.6: "more than 300 s from the server clock", either way: an hour behind or ahead. */
const CLOCK_OFFSET_S: Partial<Record<AuthMode, number>> = {
  "stale-timestamp": -3600,
  "future-timestamp": 3600,
};

/** Signs (or deliberately mis-signs) one request. */
export function sign(input: SignInput): SignOutput {
  const { auth } = input;
  const nonce = input.nonce ?? randomHex(12);
  const requestor: OAuthParam[] =
    input.requestor === undefined ? [] : [["xoauth_requestor_id", input.requestor]];
  const reqInQuery = auth.requestorIn === "query" || auth.mode === "none";
  let query = reqInQuery ? joinQuery(input.query, encodePairs(requestor)) : input.query;
  const trailing = input.trailing ?? "";
  const withTrailing = (q: string) =>
    q === "" || trailing === "" || trailing.startsWith("&")
      ? `${q}${trailing}`
      : `${q}&${trailing}`;
  if (auth.mode === "none")
    return { query: withTrailing(query), headers: {}, nonce, signature: "" };

  const consumerKey =
    auth.mode === "unknown-consumer"
      ? `no-such-consumer-${nonce.slice(0, 6)}`
      : input.app.consumerKey;
  const secret =
    auth.mode === "wrong-secret" || auth.mode === "unknown-consumer"
      ? `${input.app.consumerSecret}-wrong`
      : input.app.consumerSecret;
  const timestamp = input.now + (CLOCK_OFFSET_S[auth.mode] ?? 0) + auth.skew;
  const oauth: OAuthParam[] = [
    ["oauth_consumer_key", consumerKey],
    ["oauth_nonce", nonce],
    ["oauth_signature_method", "HMAC-SHA1"],
    ["oauth_timestamp", String(timestamp)],
    ["oauth_version", "1.0"],
  ];
  const body = input.body ?? new Uint8Array();
  if (auth.body === "hash" && input.body)
    oauth.push(["oauth_body_hash", bodyHash(bodyPieces(body))]);
  if (auth.body === "hash-hex" && input.body)
    oauth.push(["oauth_body_hash", bodyHashHex(bodyPieces(body))]);
  if ((auth.body === "hash-wrong" || auth.body === "form-hash-wrong") && input.body)
    oauth.push(["oauth_body_hash", bodyHash([...bodyPieces(body), Buffer.from(" ")])]);
  if (!reqInQuery) oauth.push(...requestor);
  applyProtocol(oauth, auth.protocol, false);

  // the body's text only where it is signed (a 15 MiB body is not decoded for nothing)
  const bodyText = () => wholeBody(body).toString("utf8");
  const bodyParams: OAuthParam[] =
    auth.body === "param" && input.body
      ? [[bodyText(), ""]]
      : (auth.body === "auto" || auth.body === "form-hash-wrong") &&
          input.body &&
          mediaTypeOf(input.contentType) === FORM_MEDIA_TYPE
        ? safeFormParams(bodyText())
        : [];
  const params = [...safeFormParams(withTrailing(query)), ...oauth, ...bodyParams];
  const base = signatureBaseString(
    input.method,
    baseStringUri(new URL(`${input.origin}${input.path}`)),
    params,
  );
  const key = auth.key === "raw" ? rawSigningKey(secret) : signingKey(secret);
  let signature = hmacSha1(key, base);
  if (auth.mode === "bad-signature") signature = flip(signature);
  const signed: OAuthParam[] = [...oauth, ["oauth_signature", signature]];
  applyProtocol(signed, auth.protocol, true);

  const headers: Record<string, string> = {};
  if (auth.placement !== "query")
    headers.authorization = formatAuthorizationHeader(signed, auth.realm);
  if (auth.placement !== "header") query = joinQuery(query, encodePairs(signed));
  return { query: joinQuery(withTrailing(query), auth.unsignedQuery), headers, nonce, signature };
}

/**
 * Applies a case's protocol changes to `params` in place: before signing every parameter but
 * `oauth_signature`, after signing only that one.
 */
function applyProtocol(
  params: OAuthParam[],
  changes: Readonly<Record<string, string | null>>,
  signature: boolean,
): void {
  for (const [name, value] of Object.entries(changes)) {
    if ((name === "oauth_signature") !== signature) continue;
    const at = params.findIndex(([n]) => n === name);
    if (value === null) {
      if (at >= 0) params.splice(at, 1);
    } else if (at >= 0) params[at] = [name, value];
    else params.push([name, value]);
  }
}

/** A signature with its first character changed (still valid base64). */
function flip(signature: string): string {
  const c = signature[0] === "A" ? "B" : "A";
  return c + signature.slice(1);
}

function safeFormParams(text: string): OAuthParam[] {
  const read = formParams(text);
  return read.ok ? read.value : [[text, ""]];
}
