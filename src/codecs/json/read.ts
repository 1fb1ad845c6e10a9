/**
 * `fromJson(kind, text, options)`: reads wire JSON text of a kind leniently (P-FMT-6), bounded
 * before `JSON.parse`, and returns the value with numbers and booleans normalised to their
 * declared types, or the issues found.
 */
import { fail, issue, type Result } from "../../model/issue.js";
import type { KindValue } from "../../schemas/kind-values.js";
import { isKind, type Kind, unknownKind } from "../../schemas/kinds.js";
import { validateInPlace } from "../../schemas/validate.js";
import { type JsonLimits, parseJsonText, withoutBom } from "./limits.js";

/** Options of the JSON reader. */
export interface JsonReadOptions {
  /** Size and nesting limits (default 8 Mi UTF-16 code units, not bytes; depth 64). */
  limits?: JsonLimits;
  /**
   * Accept ids outside §2.1's `<namespace>:<value>` form (a deployment that names its users
   * `john.doe`), as `fromAtom`'s option of the same name; by default such an id is an issue.
   */
  anyIdForm?: boolean;
}

/**
 * Parses JSON `text` as `kind` (for an already-parsed value, `validate`). One leading byte order
 * mark (U+FEFF) is skipped (RFC 8259 §8.1 lets a parser ignore it; readers are lenient, P-FMT-6)
 * and not counted against `limits.maxLength`. Issues: `unknown-kind`,
 * `too-large`, `too-deep`, `not-json`, and the kind's schema issues with their JSON Pointers.
 * Never throws for any input text (a limit option that is not a number 0 or more is a KitError,
 * `OSK_INVALID_LIMIT`).
 */
export function fromJson<K extends Kind>(
  kind: K,
  text: string,
  options: JsonReadOptions = {},
): Result<KindValue<K>> {
  if (!isKind(kind)) return unknownKind(kind);
  if (typeof text !== "string") return fail([issue("not-json", "", "JSON text must be a string")]);
  const parsed = parseJsonText(withoutBom(text), options.limits);
  if (!parsed.ok) return parsed;
  return validateInPlace(kind, parsed.value, "lenient", options.anyIdForm);
}
