/**
 * RFC 5849 §3.6 percent-encoding: every byte of the UTF-8 form except `A-Za-z0-9-._~`
 * becomes `%XX` with upper-case hex.
 */

/** Text that needs no encoding at all (most OAuth parameter names and values). */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

export function percentEncode(text: string): string {
  if (UNRESERVED.test(text)) return text;
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
