/**
 * The application-data alphabet of profile P-DATA-1 (its lengths in limits.ts), shared by the
 * schemas, the codecs, the server and the fuzzer so that all agree on one definition.
 */
import { MAX_KEY_LENGTH, MAX_VALUE_CODE_POINTS } from "./limits.js";

/** P-DATA-1 key: 1–128 of `A-Za-z0-9_.-`. */
export const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${MAX_KEY_LENGTH}}$`);

/** XML 1.0 `Char` production, as a RegExp source usable with the `u` flag. */
export const XML_CHAR_CLASS = "[\\t\\n\\r\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]";

const XML_TEXT = new RegExp(`^${XML_CHAR_CLASS}*$`, "u");

/** True when `key` is a key the write path accepts (P-DATA-1). */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** True when every character of `text` is an XML 1.0 `Char` (no lone surrogates, no U+FFFE/U+FFFF, no C0 controls but tab, LF, CR). */
export function isXmlText(text: string): boolean {
  return XML_TEXT.test(text);
}

/** Number of Unicode code points in `text` (a surrogate pair counts once). */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** True when `value` has at most MAX_VALUE_CODE_POINTS characters (P-DATA-1). */
export function isWithinValueLength(value: string): boolean {
  // a value of at most MAX_VALUE_CODE_POINTS UTF-16 units has at most as many code points:
  // only a longer one (astral characters) is counted
  return (
    value.length <= MAX_VALUE_CODE_POINTS ||
    (value.length <= MAX_VALUE_CODE_POINTS * 2 && codePointLength(value) <= MAX_VALUE_CODE_POINTS)
  );
}

/** True when `value` is a value the write path accepts (P-DATA-1). */
export function isValidValue(value: string): boolean {
  return isWithinValueLength(value) && isXmlText(value);
}
