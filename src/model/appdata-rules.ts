/**
 * The application-data alphabet of profile P-DATA-1 and the pair limit of P-DATA-3, shared by
 * the schemas, the codecs and the server so that all agree on one definition.
 */

/** P-DATA-1: longest key, in characters. */
export const MAX_KEY_LENGTH = 128;
/** P-DATA-1: longest value, in Unicode code points. */
export const MAX_VALUE_CODE_POINTS = 65_536;
/** P-DATA-3 / §8: a request with this many pairs (or `fields` keys) or more is refused. */
export const PAIR_LIMIT = 100;

/** P-DATA-1 key: 1–128 of `A-Za-z0-9_.-`. */
const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** XML 1.0 `Char` production, as a RegExp source usable with the `u` flag. */
const XML_CHAR_CLASS = "[\\t\\n\\r\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]";

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

/** True when `value` is a value the write path accepts (P-DATA-1). */
export function isValidValue(value: string): boolean {
  return (
    value.length <= MAX_VALUE_CODE_POINTS * 2 &&
    codePointLength(value) <= MAX_VALUE_CODE_POINTS &&
    isXmlText(value)
  );
}
