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
import { LINE_BODY_BYTES, RESIGN_MARKS, type Resign } from "./sent-request.js";

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
  /** Seconds the target's clock is ahead of this machine's (`now` includes them). */
  readonly clockOffsetS?: number;
  readonly nonce?: string;
}

/** What to send: the query (with any OAuth parameters) and headers to add. */
interface SignOutput {
  readonly query: string;
  readonly headers: Record<string, string>;
  readonly nonce: string;
  /** The signature sent (empty when unsigned). */
  readonly signature: string;
  /**
   * How to sign it afresh, where a fresh signature sends the same request (curl.ts); made when
   * asked, since only a failing step's curl line needs it (a second base string and header).
   */
  readonly resign?: () => Resign | undefined;
}

/** The modes whose signature is right for what is sent: only its time or nonce is at issue. */
const RESIGNABLE_MODES: ReadonlySet<AuthMode> = new Set([
  "valid",
  "stale-timestamp",
  "future-timestamp",
  "replayed-nonce",
  "replayed-nonce-new-timestamp",
]);

/** Parameters a case's protocol changes may not touch for a fresh signature to mean the same. */
const RESIGN_FIXED = ["oauth_consumer_key", "oauth_nonce", "oauth_timestamp", "oauth_signature"];

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
  const offsetS = (CLOCK_OFFSET_S[auth.mode] ?? 0) + auth.skew;
  const timestamp = input.now + offsetS;
  const body = input.body ?? new Uint8Array();
  // the body hash, computed once (a 15 MiB body is read once)
  const hashed: OAuthParam[] = [];
  if (auth.body === "hash" && input.body)
    hashed.push(["oauth_body_hash", bodyHash(bodyPieces(body))]);
  if (auth.body === "hash-hex" && input.body)
    hashed.push(["oauth_body_hash", bodyHashHex(bodyPieces(body))]);
  if ((auth.body === "hash-wrong" || auth.body === "form-hash-wrong") && input.body)
    hashed.push(["oauth_body_hash", bodyHash([...bodyPieces(body), Buffer.from(" ")])]);
  /** The protocol parameters signed, with this nonce and timestamp. */
  const protocolParams = (n: string, t: string): OAuthParam[] => {
    const params: OAuthParam[] = [
      ["oauth_consumer_key", consumerKey],
      ["oauth_nonce", n],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", t],
      ["oauth_version", "1.0"],
      ...hashed,
    ];
    if (!reqInQuery) params.push(...requestor);
    applyProtocol(params, auth.protocol, false);
    return params;
  };
  const oauth = protocolParams(nonce, String(timestamp));

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
  const queryParams = safeFormParams(withTrailing(query));
  const uri = baseStringUri(new URL(`${input.origin}${input.path}`));
  const baseOf = (protocol: readonly OAuthParam[]) =>
    signatureBaseString(input.method, uri, [...queryParams, ...protocol, ...bodyParams]);
  const key = auth.key === "raw" ? rawSigningKey(secret) : signingKey(secret);
  let signature = hmacSha1(key, baseOf(oauth));
  if (auth.mode === "bad-signature") signature = flip(signature);
  const signed: OAuthParam[] = [...oauth, ["oauth_signature", signature]];
  applyProtocol(signed, auth.protocol, true);

  const headers: Record<string, string> = {};
  if (auth.placement !== "query")
    headers.authorization = formatAuthorizationHeader(signed, auth.realm);
  if (auth.placement !== "header") query = joinQuery(query, encodePairs(signed));
  // a body the curl line does not carry is not signed twice for it (a 1 MiB form body); a
  // filled body it writes whole (curl.ts), and one outside the base string costs nothing to sign
  const carried =
    body.length <= LINE_BODY_BYTES || (!ArrayBuffer.isView(body) && bodyParams.length === 0);
  const resignable =
    carried &&
    RESIGNABLE_MODES.has(auth.mode) &&
    auth.key === "encoded" &&
    auth.placement === "header" &&
    !RESIGN_FIXED.some((n) => n in auth.protocol);
  const resign = resignable
    ? () =>
        resignRecipe(protocolParams(RESIGN_MARKS.nonce, RESIGN_MARKS.timestamp), baseOf, {
          consumerKey,
          offsetS: offsetS + (input.clockOffsetS ?? 0),
          ...(auth.mode.startsWith("replayed-nonce") ? { nonce } : {}),
          ...(percentEncode(secret) !== secret ? { encodeSecret: true as const } : {}),
          ...(auth.realm !== undefined ? { realm: auth.realm } : {}),
        })
    : undefined;
  return {
    query: joinQuery(withTrailing(query), auth.unsignedQuery),
    headers,
    nonce,
    signature,
    ...(resign ? { resign } : {}),
  };
}

/**
 * The recipe for signing afresh (sent-request.ts): the base string and the header with the
 * marks where the nonce, the timestamp and the signature go; none when a mark would not stand
 * alone (the request's own text holds one of the words).
 */
function resignRecipe(
  marked: readonly OAuthParam[],
  baseOf: (protocol: readonly OAuthParam[]) => string,
  r: {
    consumerKey: string;
    offsetS: number;
    nonce?: string;
    encodeSecret?: true;
    realm?: string;
  },
): Resign | undefined {
  const base = baseOf(marked);
  const authorization = formatAuthorizationHeader(
    [...marked, ["oauth_signature", RESIGN_MARKS.signature]],
    r.realm,
  );
  const once = (text: string, mark: string) => text.split(mark).length === 2;
  const { nonce, timestamp, signature } = RESIGN_MARKS;
  if (![nonce, timestamp].every((m) => once(base, m) && once(authorization, m))) return undefined;
  if (!once(authorization, signature) || base.includes(signature)) return undefined;
  return {
    consumerKey: r.consumerKey,
    base,
    authorization,
    offsetS: r.offsetS,
    ...(r.nonce !== undefined ? { nonce: r.nonce } : {}),
    ...(r.encodeSecret ? { encodeSecret: true as const } : {}),
  };
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
