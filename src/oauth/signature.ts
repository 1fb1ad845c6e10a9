/**
 * HMAC-SHA1 signatures (RFC 5849 §3.4.2) with the empty token secret of two-legged OAuth
 * (profile P-AUTH-1), and the deployed-client variant of P-AUTH-6 (raw, un-encoded secret).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { percentEncode } from "./percent-encode.js";

/** P-AUTH-1: `percentEncode(consumerSecret) + "&" + percentEncode(tokenSecret)`. */
export function signingKey(consumerSecret: string, tokenSecret = ""): string {
  return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
}

/** P-AUTH-6: the key some deployed clients build from the raw secret. */
export function rawSigningKey(consumerSecret: string, tokenSecret = ""): string {
  return `${consumerSecret}&${tokenSecret}`;
}

/** Base64 HMAC-SHA1 of `baseString` under `key`. */
export function hmacSha1(key: string, baseString: string): string {
  return createHmac("sha1", key).update(baseString).digest("base64");
}

/** Constant-time comparison of two signatures (different lengths compare unequal). */
export function signaturesEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The SHA-1 of a body given as its bytes, its text, or its bytes in consecutive pieces. */
function sha1Of(body: Uint8Array | string | readonly Uint8Array[]) {
  const hash = createHash("sha1");
  // pieces are an array; bytes are any typed array, whatever realm made them
  if (!Array.isArray(body)) return hash.update(body as Uint8Array | string);
  for (const piece of body) hash.update(piece);
  return hash;
}

/**
 * `oauth_body_hash` (base64 SHA-1 of the body bytes), P-AUTH-2; a large body may be given in
 * consecutive pieces.
 */
export function bodyHash(body: Uint8Array | string | readonly Uint8Array[]): string {
  return sha1Of(body).digest("base64");
}

/** `oauth_body_hash` in hex, as some deployed clients send it (P-AUTH-6). */
export function bodyHashHex(body: Uint8Array | string | readonly Uint8Array[]): string {
  return sha1Of(body).digest("hex");
}
