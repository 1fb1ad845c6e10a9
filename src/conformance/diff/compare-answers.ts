/**
 * Compares two answers to the same request under the readers' tolerance (semantic.ts): the
 * first semantic difference, or undefined when a reader could not tell them apart. P-FMT-6
 * renderings, JSON member order, extension members (in JSON and, one child each, in Atom), the
 * order of an appdata answer's users
 * (§2.5 promises none), XML prefixes and whitespace, error message text and headers the
 * documents leave open are not differences, nor the order of a list's entries (§4 promises none;
 * P-PAGE-3's order is a profile decision, which the fuzzer checks).
 */
import { extensionMembers, firstDifference } from "../checks/difference.js";
import type { SemanticAnswer } from "./semantic.js";

/** Where two answers differ, and what each side says there. */
export interface AnswerDifference {
  readonly where: string;
  readonly a: unknown;
  readonly b: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** §2.5: an application-data answer (its records are data: every key counts). */
function isAppData(v: unknown): boolean {
  return isObject(v) && isObject(v.entry) && Array.isArray(v.id);
}

function jsonDifference(a: unknown, b: unknown): AnswerDifference | undefined {
  const opts = {
    lenient: true,
    ignoreExtra: extensionMembers(isAppData(a) || isAppData(b)),
    bothWays: true,
    // §4 promises no order of entries or of an appdata answer's users (P-PAGE-3 is a profile
    // decision: the fuzzer checks it at profile level).
    unordered: (p: string) => p === "/id" || p === "/entry",
  };
  const d = firstDifference(a, b, opts) ?? swap(firstDifference(b, a, opts));
  return d ? { where: `body ${d.pointer || "/"}`, a: d.expected, b: d.actual } : undefined;
}

function swap(d: ReturnType<typeof firstDifference>): ReturnType<typeof firstDifference> {
  return d ? { pointer: d.pointer, expected: d.actual, actual: d.expected } : undefined;
}

/** The first difference a reader would see between `a` and `b`. */
export function compareAnswers(a: SemanticAnswer, b: SemanticAnswer): AnswerDifference | undefined {
  if (a.status !== b.status) return { where: "status", a: a.status, b: b.status };
  if (a.mediaType !== b.mediaType && a.body.form !== "empty" && b.body.form !== "empty")
    return { where: "content-type", a: a.mediaType, b: b.mediaType };
  if (a.allow?.join() !== b.allow?.join()) return { where: "header allow", a: a.allow, b: b.allow };
  if (a.body.form !== b.body.form) return { where: "body", a: a.body, b: b.body };
  if (a.body.form === "json" && b.body.form === "json")
    return jsonDifference(a.body.value, b.body.value);
  if (a.body.form === "atom" && b.body.form === "atom") {
    // P-FMT-7: an extension child one side lacks is passed over, as a JSON extension member is.
    const d = firstDifference(a.body.value, b.body.value, {
      lenient: false,
      ignoreExtra: (_name, pointer) => /\/ext\/[^/]*$/.test(pointer),
      bothWays: true,
    });
    return d ? { where: `atom ${d.pointer || "/"}`, a: d.expected, b: d.actual } : undefined;
  }
  if (
    a.body.form === "text" &&
    b.body.form === "text" &&
    a.status < 400 &&
    a.body.value !== b.body.value
  )
    return { where: "body", a: a.body.value, b: b.body.value };
  return undefined;
}
