/**
 * RFC 5849 §3.6 percent-encoding: every byte of the UTF-8 form except `A-Za-z0-9-._~`
 * becomes `%XX` with upper-case hex.
 */
import { KitError } from "../model/kit-error.js";

/** Text that needs no encoding at all (most OAuth parameter names and values). */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

/** Characters `encodeURIComponent` leaves as they are but RFC 5849 encodes. */
const SUB_DELIMS = /[!'()*]/;

/**
 * `text` percent-encoded. A lone surrogate has no UTF-8 form: the caller's string cannot be
 * encoded, a thrown `KitError` `OSK_UNENCODABLE_TEXT`.
 */
export function percentEncode(text: string): string {
  if (UNRESERVED.test(text)) return text;
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    throw new KitError("OSK_UNENCODABLE_TEXT");
  }
  if (!SUB_DELIMS.test(text)) return encoded;
  return encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
