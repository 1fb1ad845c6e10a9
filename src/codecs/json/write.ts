/**
 * `toJson(kind, value)`: wire JSON text with the declared types (P-FMT-6: serialisers write
 * numbers and booleans, never their string renderings).
 */
import { KitError } from "../../model/kit-error.js";
import type { KindValue } from "../../schemas/kind-values.js";
import type { Kind } from "../../schemas/kinds.js";
import { writableValue } from "../writable-value.js";

/**
 * Serialises `value` as `kind`. String renderings the lenient reader accepts are written as
 * their declared type. Throws `OSK_INVALID_VALUE` when the value is not a valid `kind`, and
 * `OSK_UNKNOWN_KIND` for a kind name it does not know (as `toAtom` does).
 */
export function toJson<K extends Kind>(kind: K, value: KindValue<K>): string {
  const checked = writableValue(kind, value);
  try {
    return JSON.stringify(checked);
  } catch {
    // the schema does not look inside every member: one may hold itself (or a BigInt)
    throw new KitError(
      "OSK_INVALID_VALUE",
      `${kind}: a member holds a cycle or a value JSON cannot carry`,
    );
  }
}
