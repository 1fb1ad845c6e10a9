/**
 * RFC 5849 §3.6 percent-encoding: every byte of the UTF-8 form except `A-Za-z0-9-._~`
 * becomes `%XX` with upper-case hex.
 */

/** Text that needs no encoding at all (most OAuth parameter names and values). */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

/** Characters `encodeURIComponent` leaves as they are but RFC 5849 encodes. */
const SUB_DELIMS = /[!'()*]/;

export function percentEncode(text: string): string {
  if (UNRESERVED.test(text)) return text;
  const encoded = encodeURIComponent(text);
  if (!SUB_DELIMS.test(text)) return encoded;
  return encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
