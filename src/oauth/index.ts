// biome-ignore-all assist/source/organizeImports: the exports are grouped by what a reader needs, client side first
/**
 * `opensocial-kit/oauth`: two-legged OAuth 1.0a with HMAC-SHA1 (RFC 5849, P-AUTH-1/2), for
 * both sides: clients sign requests; server authors verify them with `verifySignature`, the
 * reference server's own verifier (P-AUTH-1..3 and P-AUTH-6's readings of deployed clients), or
 * build their own from the same primitives (percent-encoding, parameter normalisation, base
 * string, signing keys, body hash, a constant-time comparison). Replay protection (P-AUTH-3: a
 * consumer key and nonce pair recorded once its signature verifies, refused again within the
 * window) needs the server's memory and stays the server's: `verifySignature` returns the pair.
 *
 * Failures follow the library's convention: what reads received text (`queryParams`,
 * `formParams`, `parseAuthorizationHeader`) returns a `Result` whose issues say why it cannot be
 * read (`form-malformed`, `authorization-malformed`), never throwing; `signRequest` signs what the
 * caller composed and throws `KitError` `OSK_MALFORMED_ESCAPE` for a query or form body that
 * cannot be signed, as `percentEncode` throws `OSK_UNENCODABLE_TEXT` for a lone surrogate (a
 * programming mistake, as the codecs' writers throw for a value they cannot write).
 */

// ── Client side ──────────────────────────────────────────────────────────────
/**
 * Signs a request as a client does (HMAC-SHA1, empty token secret, `xoauth_requestor_id`);
 * throws `KitError` `OSK_MALFORMED_ESCAPE` for a query or form body it cannot sign.
 */
export { type SignedRequest, type SignRequestInput, signRequest } from "./sign-request.js";
/**
 * The parameters of a query string and of a form-encoded body, decoded, in order: a `Result`,
 * a malformed escape a `form-malformed` issue.
 */
export { formParams, queryParams } from "./sign-request.js";

// ── Verifying (server side) ──────────────────────────────────────────────────
/**
 * Verifies a request's signature and protocol parameters as the reference server does: a
 * `Result` with the consumer, nonce, timestamp and requestor, or one issue (`oauth-malformed`,
 * `oauth-timestamp`, `oauth-unknown-consumer`, `oauth-body-hash`, `oauth-signature`,
 * `authorization-malformed`). Every such failure is a 400 (social-api.md §5, P-AUTH-3).
 */
export {
  type RequestToVerify,
  type VerifiedRequest,
  type VerifyOptions,
  verifySignature,
} from "./verify-signature.js";
/**
 * `Authorization: OAuth …` header: parse (realm ignored, RFC 5849 §3.5.1; a `Result`, another
 * scheme or a malformed header an `authorization-malformed` issue) and format.
 */
export { formatAuthorizationHeader, parseAuthorizationHeader } from "./authorization-header.js";
/** RFC 3986 percent-encoding of RFC 5849 §3.6 (unreserved characters only left as they are). */
export { percentEncode } from "./percent-encode.js";
/**
 * The signature base string (RFC 5849 §3.4.1): the base string URI, the normalised parameters
 * (§3.4.1.3.2) and the whole string.
 */
export {
  baseStringUri,
  normaliseParameters,
  type OAuthParam,
  signatureBaseString,
} from "./base-string.js";
/**
 * HMAC-SHA1 signing keys (the encoded secret of RFC 5849, and the raw secret deployed clients
 * use, P-AUTH-6), the signature, the body hash (base64, and hex as some clients send it), and a
 * constant-time comparison of two signatures.
 */
export {
  bodyHash,
  bodyHashHex,
  hmacSha1,
  rawSigningKey,
  signaturesEqual,
  signingKey,
} from "./signature.js";
