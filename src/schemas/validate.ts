/**
 * `validate(kind, value, { mode })`: the list of issues of a value against a kind's schema
 * (empty when valid). Never throws on any input value.
 */
import type { Issue } from "../model/issue.js";
import { toIssues } from "./issues.js";
import { isKind, type Kind, type Mode } from "./kinds.js";
import { validatorFor } from "./registry.js";

/** Options of {@link validate}. */
export interface ValidateOptions {
  /** `lenient` (default) accepts the renderings §2 allows; `strict` only the declared types. */
  mode?: Mode;
}

/**
 * Validates `value` (already parsed JSON) as `kind`. The value is not modified.
 * An unknown kind is reported as an `unknown-kind` issue.
 */
export function validate(kind: Kind, value: unknown, options: ValidateOptions = {}): Issue[] {
  if (!isKind(kind))
    return [{ code: "unknown-kind", pointer: "", message: `unknown kind ${JSON.stringify(kind)}` }];
  const mode = options.mode ?? "lenient";
  const fn = validatorFor(kind, mode);
  const data = mode === "lenient" ? safeClone(value) : value;
  if (fn(data)) return [];
  return toIssues(fn.errors, data);
}

/** Deep copy of JSON-like data (lenient validation normalises in place). */
export function safeClone(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
