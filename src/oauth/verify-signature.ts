/**
 * Verifies a two-legged OAuth 1.0a request (HMAC-SHA1, P-AUTH-1..3 and P-AUTH-6) as the reference
 * server does, for any server: every check that needs no memory of earlier requests. What is left
 * to the caller is what needs state or the caller's world: recording the consumer key and nonce
 * pair (P-AUTH-3: a pair seen within the window is refused; record it once this verifies), and
 * who `xoauth_requestor_id` names (P-AUTH-4/5).
 *
 * The checks, in order, each an issue with its own code: the `Authorization` header reads
 * (`authorization-malformed`); no protocol parameter has two values, the required ones are there,
 * the method is HMAC-SHA1, `oauth_version` is absent or 1.0, `oauth_token` absent or empty, the
 * nonce 1 to 256 characters and the timestamp decimal seconds (`oauth-malformed`); the timestamp
 * within 300 s of the clock (`oauth-timestamp`); a known consumer key (`oauth-unknown-consumer`);
 * a body hash, when sent, matches the body in base64 or hex (`oauth-body-hash`); the signature
 * matches one of P-AUTH-6's readings (`oauth-signature`). No message repeats a parameter's value.
 *
 * Each alternative of P-AUTH-6 is one more base string or key tried against the same secret: the
 * raw secret's key beside the encoded one, a protocol parameter repeated identically counted
 * once, the body parameter lists of `body-params.ts`. None accepts a request no secret signed.
 */
import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { fail, issue, ok, type Result } from "../model/issue.js";
import { TIMESTAMP_WINDOW_S } from "../model/limits.js";
import { type OAuthParam, signatureBaseString } from "./base-string.js";
import { bodyParamLists } from "./body-params.js";
import { collectParams, headerParams } from "./request-params.js";
import { bodyHash, bodyHashHex, rawSigningKey, signaturesEqual, signingKey } from "./signature.js";

/** A request as received, in the parts a signature covers. */
export interface RequestToVerify {
  /** The method as sent (`GET`, `POST`, …). */
  readonly method: string;
  /**
   * The base string URI the client signed (RFC 5849 §3.4.1.2): scheme, host and path, no query.
   * From a URL: `baseStringUri(url)`. Behind a TLS-terminating proxy, the public origin and the
   * path (P-AUTH-7).
   */
  readonly uri: string;
  /** The query's parameters, decoded, in order (`queryParams(url)`). */
  readonly query: readonly OAuthParam[];
  /** The `Authorization` header, if any. */
  readonly authorization?: string | undefined;
  /** The `Content-Type` header, if any: it says whether the body's parameters are signed. */
  readonly contentType?: string | undefined;
  /** The body as received; none is an empty body. */
  readonly body?: Uint8Array | undefined;
}

/** What the verifier needs besides the request. */
export interface VerifyOptions<C extends { readonly consumerSecret: string }> {
  /**
   * The consumer of a consumer key, or undefined for a key the server does not know. The same
   * object for the same consumer lets its signing keys be prepared once.
   */
  readonly consumer: (consumerKey: string) => C | undefined;
  /** The clock, in milliseconds since the epoch (default: `Date.now()`). */
  readonly nowMs?: number;
}

/** A verified request: who signed it, and what the caller still checks. */
export interface VerifiedRequest<C> {
  /** The consumer whose secret signed the request. */
  readonly consumer: C;
  readonly consumerKey: string;
  /** The nonce and timestamp (seconds) to record (P-AUTH-3). */
  readonly nonce: string;
  readonly timestamp: number;
  /** `xoauth_requestor_id`, if sent: the viewer the request acts for (P-AUTH-4). */
  readonly requestorId: string | undefined;
}

/** A refusal: one issue, its code among the verifier's own. */
const refuse = (
  code:
    | "oauth-malformed"
    | "oauth-timestamp"
    | "oauth-unknown-consumer"
    | "oauth-body-hash"
    | "oauth-signature",
  message: string,
) => fail<never>([issue(code, "", message)]);

/** P-AUTH-3: decimal seconds, at most 12 digits. */
const TIMESTAMP = /^[0-9]{1,12}$/;

const keyCache = new WeakMap<object, readonly KeyObject[]>();

/**
 * P-AUTH-1/6: the signing keys of a consumer (from the percent-encoded secret, and from the raw
 * one when it differs), prepared once per consumer object: the keys `signingKey` and
 * `rawSigningKey` make.
 */
function keysOf(consumer: { readonly consumerSecret: string }): readonly KeyObject[] {
  let keys = keyCache.get(consumer);
  if (!keys) {
    const encoded = signingKey(consumer.consumerSecret);
    const raw = rawSigningKey(consumer.consumerSecret);
    keys = (raw === encoded ? [encoded] : [encoded, raw]).map((k) =>
      createSecretKey(Buffer.from(k, "utf8")),
    );
    keyCache.set(consumer, keys);
  }
  return keys;
}

/** P-AUTH-2/6: true when no body hash was sent, or it is the body's in base64 or hex. */
function bodyHashMatches(given: string | undefined, body: Uint8Array): boolean {
  return (
    given === undefined || given === bodyHash(body) || given.toLowerCase() === bodyHashHex(body)
  );
}

/** P-AUTH-1/6: true when some candidate list, signed with one of `keys`, gives `signature`. */
function signatureMatches(
  method: string,
  uri: string,
  lists: readonly (readonly OAuthParam[])[],
  bodyLists: readonly (readonly OAuthParam[])[],
  keys: readonly KeyObject[],
  signature: string,
): boolean {
  for (const list of lists)
    for (const body of bodyLists) {
      const base = signatureBaseString(method, uri, body.length === 0 ? list : [...list, ...body]);
      for (const key of keys)
        if (signaturesEqual(createHmac("sha1", key).update(base).digest("base64"), signature))
          return true;
    }
  return false;
}

/**
 * Verifies `request`'s signature and protocol parameters: the consumer that signed it, its
 * nonce, timestamp and requestor, or the first issue found (see the module's comment for the
 * order and the codes). Record the nonce once this succeeds (P-AUTH-3).
 */
export function verifySignature<C extends { readonly consumerSecret: string }>(
  request: RequestToVerify,
  options: VerifyOptions<C>,
): Result<VerifiedRequest<C>> {
  const header = headerParams(request.authorization);
  if (!header.ok) return header;
  const collected = collectParams(header.value, request.query);
  if (!collected.ok) return collected;
  const p = collected.value.protocol;
  const consumerKey = p.get("oauth_consumer_key");
  const signature = p.get("oauth_signature");
  const nonce = p.get("oauth_nonce");
  const stamp = p.get("oauth_timestamp");
  if (
    consumerKey === undefined ||
    signature === undefined ||
    nonce === undefined ||
    stamp === undefined
  )
    return refuse("oauth-malformed", "missing OAuth parameters");
  if (p.get("oauth_signature_method") !== "HMAC-SHA1")
    return refuse("oauth-malformed", "signature method must be HMAC-SHA1");
  const version = p.get("oauth_version");
  if (version !== undefined && version !== "1.0")
    return refuse("oauth-malformed", "oauth_version must be 1.0");
  const token = p.get("oauth_token");
  if (token !== undefined && token !== "")
    return refuse("oauth-malformed", "two-legged requests carry no token");
  if (nonce === "" || nonce.length > 256) return refuse("oauth-malformed", "malformed oauth_nonce");
  if (!TIMESTAMP.test(stamp)) return refuse("oauth-malformed", "malformed oauth_timestamp");
  const timestamp = Number(stamp);
  if (Math.abs((options.nowMs ?? Date.now()) / 1000 - timestamp) > TIMESTAMP_WINDOW_S)
    return refuse("oauth-timestamp", "timestamp outside the window");
  const consumer = options.consumer(consumerKey);
  if (!consumer) return refuse("oauth-unknown-consumer", "unknown consumer key");
  const body = request.body ?? new Uint8Array();
  const hash = p.get("oauth_body_hash");
  if (!bodyHashMatches(hash, body))
    return refuse("oauth-body-hash", "oauth_body_hash does not match the body");
  const bodyLists = bodyParamLists(request.contentType, body, hash !== undefined);
  const { lists } = collected.value;
  if (!signatureMatches(request.method, request.uri, lists, bodyLists, keysOf(consumer), signature))
    return refuse("oauth-signature", "invalid signature");
  const requestorId = p.get("xoauth_requestor_id");
  return ok({ consumer, consumerKey, nonce, timestamp, requestorId });
}
