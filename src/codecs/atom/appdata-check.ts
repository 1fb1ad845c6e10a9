/**
 * A fast check of a freshly read application-data value, with the shared P-DATA-1 rules: when it
 * passes, the value is valid under the `appdata` JSON Schema (every test here is at least as
 * strict as the schema's), and its counts are typed in place. When it fails, the caller runs the
 * schema, which gives the issues. The fast path skips only the schema's cost, never its verdict.
 */
import { codePointLength, isValidKey } from "../../model/appdata-rules.js";
import { MAX_VALUE_CODE_POINTS } from "../../model/limits.js";

/** The schema's platformId pattern (defs.schema.json), with a tighter length bound. */
const PLATFORM_ID = /^[^:]+:.+$/u;
/** The lenient reading of an integer rendered as text (P-FMT-6). */
const COUNT = /^(0|[1-9][0-9]{0,15})$/;
const MEMBERS = new Set(["startIndex", "totalResults", "entry", "id"]);

function count(value: unknown): number | undefined {
  if (typeof value !== "string" || !COUNT.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * P-DATA-1 length of a value read from a well-formed document: its characters are XML 1.0
 * `Char`s already (the parser refused any other), so only the length is left to check.
 */
function fitsValueLength(text: string): boolean {
  return text.length <= MAX_VALUE_CODE_POINTS || codePointLength(text) <= MAX_VALUE_CODE_POINTS;
}

/**
 * True (and counts typed) when `value`, as built from a parsed document, certainly passes the
 * `appdata` schema.
 */
export function passesAppDataFast(value: Record<string, unknown>): boolean {
  for (const key of Object.keys(value)) if (!MEMBERS.has(key)) return false;
  const startIndex = count(value.startIndex);
  const totalResults = count(value.totalResults);
  if (startIndex === undefined || totalResults === undefined) return false;
  const entry = value.entry as Record<string, Record<string, string>>;
  for (const id of value.id as string[]) {
    if (id.length > 1024 || !PLATFORM_ID.test(id)) return false;
    const record = entry[id];
    if (record === undefined) return false;
    for (const key in record) {
      if (!isValidKey(key) || !fitsValueLength(record[key] ?? "")) return false;
    }
  }
  value.startIndex = startIndex;
  value.totalResults = totalResults;
  return true;
}
