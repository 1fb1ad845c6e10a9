/**
 * The body of an application-data write (§4.4, P-DATA-1..3): a JSON object of strings or a
 * form-encoded body (a form-labelled body whose text is a JSON object is read as JSON, as the
 * OpenSocial PHP client sends it). Pairs keep the body's order, integer-like keys included
 * (P-FMT-3), so the JSON object is read by a small scanner rather than into a JS object.
 */
import { isValidKey, isValidValue } from "../../model/appdata-rules.js";
import { PAIR_LIMIT } from "../../model/limits.js";
import { readsAsJson } from "../../oauth/body-params.js";
import { decodeForm } from "../../wire/form.js";
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE, mediaTypeOf } from "../../wire/media-type.js";
import { decodeUtf8 } from "../../wire/utf8.js";
import { type Fault, fault } from "../fault.js";

/** Pairs in body order, a repeated key keeping its first position and last value. */
type Pairs = Map<string, string>;

// JSON string token: no raw control characters (U+0000–U+001F), only JSON escapes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: excluding control characters is the point
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
// The characters a JSON string holds as they are: most values are one run of them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: excluding control characters is the point
const PLAIN = /[^"\\\u0000-\u001f]*/y;

function token(re: RegExp, text: string, at: number): [string, number] | undefined {
  re.lastIndex = at;
  const m = re.exec(text);
  return m ? [m[0], re.lastIndex] : undefined;
}

/**
 * The JSON string at `at`: its value and the index after it, or undefined. A string without
 * escapes is sliced from the text (a third of the time of the token pattern and JSON.parse on
 * the large values of P-DATA-1); one with escapes is read by the token pattern.
 */
function jsonString(text: string, at: number): [string, number] | undefined {
  if (text.charCodeAt(at) !== 0x22) return undefined;
  PLAIN.lastIndex = at + 1;
  PLAIN.exec(text);
  const end = PLAIN.lastIndex;
  if (text.charCodeAt(end) === 0x22) return [text.slice(at + 1, end), end + 1];
  const read = token(STRING, text, at);
  return read && [JSON.parse(read[0]) as string, read[1]];
}

/** The index of the first character at or after `at` that is not JSON whitespace. */
function skip(text: string, at: number): number {
  let i = at;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
  }
  return i;
}

/** Reads `{"k":"v",…}` (strings only) in order; undefined for anything else. */
export function scanStringObject(text: string): { pairs: Pairs; count: number } | undefined {
  const pairs: Pairs = new Map();
  let count = 0;
  let at = skip(text, 0);
  if (text[at] !== "{") return undefined;
  at = skip(text, at + 1);
  if (text[at] === "}") return skip(text, at + 1) === text.length ? { pairs, count } : undefined;
  for (;;) {
    const k = jsonString(text, at);
    if (!k) return undefined;
    at = skip(text, k[1]);
    if (text[at] !== ":") return undefined;
    const v = jsonString(text, skip(text, at + 1));
    if (!v) return undefined;
    pairs.set(k[0], v[0]);
    // P-DATA-3: at PAIR_LIMIT the write is refused whatever follows; stop reading (bounded work).
    if (++count >= PAIR_LIMIT) return { pairs, count };
    at = skip(text, v[1]);
    if (text[at] === "}") return skip(text, at + 1) === text.length ? { pairs, count } : undefined;
    if (text[at] !== ",") return undefined;
    at = skip(text, at + 1);
  }
}

/** Reads `a=b&c=d` in order (wire/form.ts); undefined when undecodable. */
export function scanForm(text: string): { pairs: Pairs; count: number } | undefined {
  // P-DATA-3: at PAIR_LIMIT the write is refused whatever follows; stop reading (bounded work).
  const read = decodeForm(text, PAIR_LIMIT);
  if (!read.ok) return undefined;
  const pairs: Pairs = new Map();
  for (const [name, value] of read.value) pairs.set(name, value);
  return { pairs, count: read.value.length };
}

/** P-DATA-1/3: 1–99 pairs, every key and value valid. */
function checkPairs(read: { pairs: Pairs; count: number }): Pairs | Fault {
  if (read.count === 0) return fault(400, "invalid-body", "no key/value pairs specified");
  if (read.count >= PAIR_LIMIT)
    return fault(400, "invalid-body", `${PAIR_LIMIT} or more key/value pairs specified`);
  for (const [k, v] of read.pairs) {
    if (!isValidKey(k))
      return fault(400, "invalid-key", "a character not allowed in a key is used");
    if (!isValidValue(v))
      return fault(400, "invalid-body", "key/value specification invalid: value not allowed");
  }
  return read.pairs;
}

/** Parses and checks a write body (P-DATA-2). */
export function parseWriteBody(contentType: string | undefined, body: Uint8Array): Pairs | Fault {
  const type = mediaTypeOf(contentType);
  const json = type === JSON_MEDIA_TYPE;
  if (!json && type !== FORM_MEDIA_TYPE)
    return fault(
      400,
      "invalid-content-type",
      "content type must be application/json or application/x-www-form-urlencoded",
    );
  const text = decodeUtf8(body);
  if (text === undefined) return fault(400, "invalid-body", "body is not valid UTF-8");
  const asJson = json || readsAsJson(text);
  const read = asJson ? scanStringObject(text) : scanForm(text);
  if (!read)
    return fault(
      400,
      "invalid-body",
      asJson ? "body must be a JSON object of string values" : "malformed form body",
    );
  return checkPairs(read);
}
