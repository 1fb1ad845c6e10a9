/**
 * Value comparison for checks. Core checks apply readers' tolerance (P-FMT-6, social-api.md
 * §2): a number matches its decimal string and a boolean matches "true"/"false". Profile checks
 * compare declared types.
 */
import { lenientRead } from "../../schemas/lenient.js";

/** Deep equality; object member order is ignored, array order is not. */
export function valuesEqual(expected: unknown, actual: unknown, lenient: boolean): boolean {
  if (Object.is(expected, actual)) return true;
  if (lenient && scalarLenientEqual(expected, actual)) return true;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      expected.length === actual.length &&
      expected.every((v, i) => valuesEqual(v, actual[i], lenient))
    );
  }
  if (isObject(expected)) {
    if (!isObject(actual) || Array.isArray(actual)) return false;
    const ek = Object.keys(expected);
    const ak = Object.keys(actual);
    return (
      ek.length === ak.length &&
      ek.every((k) => Object.hasOwn(actual, k) && valuesEqual(expected[k], actual[k], lenient))
    );
  }
  return false;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object";
}

function scalarLenientEqual(a: unknown, b: unknown): boolean {
  const pair = typeof a === "string" ? [b, a] : [a, b];
  const [typed, text] = pair;
  if (typeof text !== "string") return false;
  if (typeof typed === "number") return lenientRead("integer", text) === typed;
  if (typeof typed === "boolean") return lenientRead("boolean", text) === typed;
  return false;
}

/** The JSON type of a value (`integer` for whole numbers). */
export function jsonTypeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** True when `v` has `type`, leniently (numeric strings, "true"/"false") when asked. */
export function hasType(v: unknown, type: string, lenient: boolean): boolean {
  const t = jsonTypeOf(v);
  if (t === type || (type === "number" && t === "integer")) return true;
  if (!lenient || typeof v !== "string") return false;
  if (type === "integer" || type === "number") return lenientRead("integer", v) !== undefined;
  if (type === "boolean") return lenientRead("boolean", v) !== undefined;
  return false;
}

/** Code point order of two strings (the same as UTF-8 byte order, P-PAGE-3). */
export function codePointCompare(a: string, b: string): number {
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (;;) {
    const x = ai.next();
    const y = bi.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const d = (x.value.codePointAt(0) ?? 0) - (y.value.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
}

/** Short text of a value for messages (cut to 200 characters). */
export function show(v: unknown): string {
  const s = v === undefined ? "(absent)" : JSON.stringify(v);
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}
