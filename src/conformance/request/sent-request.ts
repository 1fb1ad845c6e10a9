/**
 * The record of a request a step sent, as the report keeps it (request-build.ts makes it): what
 * the curl line (curl.ts) and the reporters show, redacted (redact.ts).
 */

/** The request a step sent, secrets left out (for the report and the curl line). */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Body text, cut to 2,000 characters. */
  readonly body?: string;
  readonly bodyBytes: number;
  /**
   * The body's bytes in base64 when they are not UTF-8 (a body of at most 2,000 bytes): `body`
   * shows them with U+FFFD, and the curl line sends these instead.
   */
  readonly bodyBase64?: string;
  /**
   * A body made of a head, one byte repeated and a tail (a case's `{ "bytes": n }` body,
   * body-bytes.ts), `bodyBytes` long in all: head and tail in base64, the byte as a number. The
   * curl line writes it whole, however large.
   */
  readonly bodyFilled?: { readonly head: string; readonly fill: number; readonly tail: string };
  readonly http: "1.1" | "1.0";
  /** Only the first `after` bytes of the body were sent; the answer was awaited without the rest. */
  readonly held?: { readonly after: number; readonly chunked: boolean };
  /** The whole body was written before anything of the answer was read. */
  readonly writeFirst?: true;
  /** How the curl line signs the request afresh, when it can (signing.ts makes it, curl.ts uses it). */
  readonly resign?: Resign;
}

/**
 * What it takes to sign a request afresh outside the kit: it was signed as the case meant, a
 * correct HMAC-SHA1 with the target's key over what was sent, its OAuth parameters in the
 * Authorization header. `base` is the signature base string (RFC 5849 §3.4.1) and
 * `authorization` the header's value, each with {@link RESIGN_MARKS} where the new values go.
 * The consumer secret is never in it.
 */
export interface Resign {
  readonly consumerKey: string;
  readonly base: string;
  readonly authorization: string;
  /**
   * Seconds added to this machine's time for `oauth_timestamp`: the case's skew, or its stale or
   * future offset (P-AUTH-3.6), plus how far the target's clock is ahead (read from the smoke
   * request's `Date`), as the run signed.
   */
  readonly offsetS: number;
  /** The nonce sent, kept (a case about a nonce used before, P-AUTH-3.7); without it, a fresh one. */
  readonly nonce?: string;
  /** The secret holds characters the key percent-encodes (RFC 5849 §3.4.2): the line encodes it. */
  readonly encodeSecret?: true;
}

/** The largest body a curl line carries (a larger one is named by its size: curl.ts). */
export const LINE_BODY_BYTES = 2000;

/** The words standing for the values a fresh signature changes, in `Resign`'s texts. */
export const RESIGN_MARKS = {
  nonce: "OSK_NONCE",
  timestamp: "OSK_TIMESTAMP",
  signature: "OSK_SIGNATURE",
} as const;
