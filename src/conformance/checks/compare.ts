/**
 * Value comparison for checks. Core checks apply readers' tolerance (P-FMT-6, social-api.md
 * §2): a number matches its decimal string and a boolean matches "true"/"false". Profile checks
 * compare declared types.
 */
import { lenientRead, numberRead } from "../../schemas/lenient.js";

/** The rule a server breaks by writing a number or boolean as its string rendering. */
export const WRITERS_TYPE_STATEMENT = "P-FMT-6.3";

/** A value written as the §2 string rendering of a number or boolean (P-FMT-6.3). */
export interface Rendering {
  /** The string the body holds. */
  readonly text: string;
  /** The declared type it renders. */
  readonly declared: "number" | "boolean";
}

/**
 * How a comparison treats the §2 string renderings: `false` compares declared types; `true`
 * applies readers' tolerance both ways (core, and Atom bodies, which hold only text); a list
 * tolerates only an actual string rendering an expected number or boolean and records each one
 * a successful comparison tolerated (so that a profile check can name P-FMT-6.3).
 */
export type Leniency = boolean | Rendering[];

/** Deep equality; object member order is ignored, array order is not. */
export function valuesEqual(expected: unknown, actual: unknown, lenient: Leniency): boolean {
  if (!Array.isArray(lenient)) return deepEqual(expected, actual, lenient);
  // Record only what a comparison that succeeds tolerated.
  const seen: Rendering[] = [];
  if (!deepEqual(expected, actual, seen)) return false;
  lenient.push(...seen);
  return true;
}

function deepEqual(expected: unknown, actual: unknown, lenient: Leniency): boolean {
  // `===`, not Object.is: `-0` is a JSON number (RFC 8259 §6's grammar) of value zero, as the
  // schema's integer and minimum checks take it; and JSON has no NaN
  if (expected === actual) return true;
  if (lenient && scalarLenientEqual(expected, actual, lenient)) return true;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      expected.length === actual.length &&
      expected.every((v, i) => deepEqual(v, actual[i], lenient))
    );
  }
  if (isObject(expected)) {
    if (!isObject(actual) || Array.isArray(actual)) return false;
    const ek = Object.keys(expected);
    const ak = Object.keys(actual);
    return (
      ek.length === ak.length &&
      ek.every((k) => Object.hasOwn(actual, k) && deepEqual(expected[k], actual[k], lenient))
    );
  }
  return false;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object";
}

function scalarLenientEqual(expected: unknown, actual: unknown, lenient: Leniency): boolean {
  const recording = Array.isArray(lenient);
  // Recording tolerates the server's renderings only: the string is the actual value.
  const [typed, text] =
    typeof expected === "string" && !recording ? [actual, expected] : [expected, actual];
  if (typeof text !== "string") return false;
  const declared =
    typeof typed === "number" ? "number" : typeof typed === "boolean" ? "boolean" : undefined;
  if (declared === undefined) return false;
  if (textValue(declared, typed, text) !== typed) return false;
  if (recording) lenient.push({ text, declared });
  return true;
}

/**
 * What `text` reads as beside the typed value `typed`: a boolean or a safe integer by §2's
 * renderings (lenient.ts: `10`, never `10.0`); any other number (`0.1`, `1e21`: an address
 * member, which §2.6 gives no type) by its JSON text, as P-FMT-7 writes numbers in Atom.
 */
function textValue(declared: "number" | "boolean", typed: unknown, text: string): unknown {
  if (declared === "boolean") return lenientRead("boolean", text);
  return Number.isSafeInteger(typed) ? lenientRead("integer", text) : numberRead(text);
}

/** The JSON type of a value (`integer` for whole numbers). */
function jsonTypeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/**
 * True when `v` has `type`, leniently (numeric strings, "true"/"false") when asked; a recording
 * leniency records the rendering it accepted.
 */
export function hasType(v: unknown, type: string, lenient: Leniency): boolean {
  const t = jsonTypeOf(v);
  if (t === type || (type === "number" && t === "integer")) return true;
  if (!lenient || typeof v !== "string") return false;
  const declared =
    type === "integer" || type === "number" ? "number" : type === "boolean" ? "boolean" : undefined;
  if (declared === undefined) return false;
  if (lenientRead(declared === "number" ? "integer" : "boolean", v) === undefined) return false;
  if (Array.isArray(lenient)) lenient.push({ text: v, declared });
  return true;
}

/**
 * The number `v` holds, leniently (a numeric string, as §2's renderings) when asked; a
 * recording leniency records the rendering it accepted. Undefined when it holds none.
 */
export function numberOf(v: unknown, lenient: Leniency): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (!lenient || typeof v !== "string") return undefined;
  const n = lenientRead("integer", v);
  if (typeof n !== "number") return undefined;
  if (Array.isArray(lenient)) lenient.push({ text: v, declared: "number" });
  return n;
}

/** Short text of a value for messages (cut to 200 characters). */
export function show(v: unknown): string {
  const s = v === undefined ? "(absent)" : JSON.stringify(v);
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}

/** The longest JSON text of a value a failure keeps whole (see {@link outline}). */
const OUTLINE_CHARS = 2_000;

/** A short stand-in for a value too long to keep: its kind and size. */
function sizeOf(v: unknown): string {
  if (Array.isArray(v)) return `(an array of ${v.length})`;
  if (v !== null && typeof v === "object") return `(an object of ${Object.keys(v).length} members)`;
  if (typeof v === "string") return `(a string of ${v.length} characters)`;
  return JSON.stringify(v) ?? "(nothing)";
}

/**
 * A value as a failure keeps it: whole when its JSON is short; else an object's member names
 * (the first 100), each with its value or, when long, its kind and size; else its kind and size.
 * A failure never holds a whole large body alive.
 */
export function outline(v: unknown): unknown {
  const text = JSON.stringify(v);
  if (text === undefined || text.length <= OUTLINE_CHARS) return v;
  if (v === null || typeof v !== "object" || Array.isArray(v)) return sizeOf(v);
  return Object.fromEntries(
    Object.entries(v)
      .slice(0, 100)
      .map(([k, x]) => {
        const t = JSON.stringify(x);
        return [k, t !== undefined && t.length <= 80 ? x : sizeOf(x)];
      }),
  );
}
