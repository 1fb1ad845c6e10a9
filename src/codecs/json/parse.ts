/**
 * `parseJson(kind, textOrValue)`: reads a wire document leniently (P-FMT-6) and returns it with
 * numbers and booleans normalised to their declared types, or the issues found.
 */
import { fail, ok, type Result } from "../../model/issue.js";
import { toIssues } from "../../schemas/issues.js";
import type { KindValue } from "../../schemas/kind-values.js";
import { isKind, type Kind, unknownKind } from "../../schemas/kinds.js";
import { validatorFor } from "../../schemas/registry.js";
import { safeClone } from "../../schemas/validate.js";
import { type JsonLimits, parseJsonText } from "./limits.js";

/**
 * Parses `input` (JSON text, or an already-parsed value, which is not modified) as `kind`.
 * Never throws for any input.
 */
export function parseJson<K extends Kind>(
  kind: K,
  input: unknown,
  limits: JsonLimits = {},
): Result<KindValue<K>> {
  if (!isKind(kind)) return unknownKind(kind);
  let data: unknown;
  if (typeof input === "string") {
    const parsed = parseJsonText(input, limits);
    if (!parsed.ok) return fail([parsed.issue]);
    data = parsed.value;
  } else {
    data = safeClone(input);
  }
  const fn = validatorFor(kind, "lenient");
  if (!fn(data)) return fail(toIssues(fn.errors, data));
  return ok(data as KindValue<K>);
}
