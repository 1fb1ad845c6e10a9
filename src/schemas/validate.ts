/**
 * `validate(kind, value, { mode })`: a value checked against a kind's schema, as a `Result`:
 * the value (lenient mode: a normalised copy, §2 renderings turned into the declared types) or
 * the issues. Never throws on any input value.
 */
import { fail, issue, ok, type Result } from "../model/issue.js";
import { toIssues, withAnyIdForm } from "./issues.js";
import type { KindValue } from "./kind-values.js";
import { isKind, type Kind, type Mode, unknownKind } from "./kinds.js";
import { validatorFor } from "./registry.js";

/** Options of {@link validate}. */
export interface ValidateOptions {
  /** `lenient` (default) accepts the renderings §2 allows; `strict` only the declared types. */
  mode?: Mode;
  /**
   * Accept ids outside §2.1's `<namespace>:<value>` form (a deployment that names its users
   * `john.doe`), as `fromAtom`'s option of the same name; by default such an id is an issue.
   */
  anyIdForm?: boolean;
}

/**
 * Validates `value` (already parsed JSON) as `kind`. The value passed in is not modified; in
 * lenient mode the result holds a normalised copy (`"12"` → 12, `"true"` → true).
 * An unknown kind is reported as an `unknown-kind` issue.
 */
export function validate<K extends Kind>(
  kind: K,
  value: unknown,
  options: ValidateOptions = {},
): Result<KindValue<K>> {
  if (!isKind(kind)) return unknownKind(kind);
  const mode = options.mode ?? "lenient";
  try {
    const data = mode === "lenient" ? safeClone(value) : value;
    return validateInPlace(kind, data, mode, options.anyIdForm);
  } catch (e) {
    // a value nested deeper than the stack goes (200,000 levels): an issue, never a throw
    if (!(e instanceof RangeError && /call stack/i.test(e.message))) throw e;
    return fail([issue("too-deep", "", "the value is nested too deeply to validate")]);
  }
}

/**
 * Validates `data` as `kind`, normalising it in place in lenient mode: for a value the caller
 * owns (freshly parsed text), so no copy is made. With `anyIdForm`, an id outside §2.1's form is
 * no issue (every node is still visited: ajv reports all errors, so normalising completes).
 * Not part of the public API.
 */
export function validateInPlace<K extends Kind>(
  kind: K,
  data: unknown,
  mode: Mode,
  anyIdForm = false,
): Result<KindValue<K>> {
  const fn = validatorFor(kind, mode);
  if (fn(data)) return ok(data as KindValue<K>);
  const issues = withAnyIdForm(toIssues(fn.errors, data), anyIdForm);
  return issues.length === 0 ? ok(data as KindValue<K>) : fail(issues);
}

/** Deep copy of JSON-like data (lenient validation normalises in place). */
function safeClone(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    // a member structuredClone cannot copy (a function, a symbol): the arrays and objects are
    // copied all the same, so that normalising never writes into the caller's value
    return containersCopied(value, new Map());
  }
}

/** `value` with every array and object copied (cycles kept as cycles), other values shared. */
function containersCopied(value: unknown, copies: Map<object, unknown>): unknown {
  if (value === null || typeof value !== "object") return value;
  const done = copies.get(value);
  if (done !== undefined) return done;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    copies.set(value, out);
    for (const v of value) out.push(containersCopied(v, copies));
    return out;
  }
  const out: Record<string, unknown> = {};
  copies.set(value, out);
  // defined, not assigned: an own "__proto__" member (JSON.parse makes one) stays a member
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, {
      value: containersCopied(v, copies),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
