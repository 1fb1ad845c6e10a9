/**
 * The check both writers make (`toJson`, `toAtom`): a value is written only when it is a valid
 * `kind` as the lenient reader reads it (§2 renderings such as `"12"` for 12 accepted), so that
 * no document the kit writes is one its readers refuse.
 */
import { KitError } from "../model/kit-error.js";
import type { KindValue } from "../schemas/kind-values.js";
import { isKind, type Kind } from "../schemas/kinds.js";
import { validate } from "../schemas/validate.js";

/**
 * `value` as a valid `kind`: itself when it holds the declared types already (checked without a
 * copy), else the lenient reader's normalised copy. Throws `OSK_UNKNOWN_KIND` for a kind name
 * it does not know and `OSK_INVALID_VALUE`, naming the first issue's pointer, for a value that
 * is not a valid `kind`.
 */
export function writableValue<K extends Kind>(kind: K, value: unknown): KindValue<K> {
  const declared = validate(kind, value, { mode: "strict" });
  if (declared.ok) return declared.value;
  const checked = validate(kind, value);
  if (checked.ok) return checked.value;
  const first = checked.issues[0];
  // An unknown kind is named (bounded) by the issue's own message.
  if (!isKind(kind)) throw new KitError("OSK_UNKNOWN_KIND", first?.message);
  throw new KitError("OSK_INVALID_VALUE", `${kind}: ${first?.pointer || "/"} ${first?.message}`);
}
