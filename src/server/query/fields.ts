/**
 * `fields` lists: comma-separated names; an empty `fields=` is the same as none (P-DATA-5) and
 * an empty item between commas names nothing. Person field names are trimmed (unknown ones are
 * ignored anyway, P-PEOPLE-2); application-data keys are taken as written: each must be a valid
 * key, padding included (P-DATA-1 rev. 5: wherever a key is named), and fewer than 100 may be
 * named (P-DATA-3).
 */
import { isValidKey } from "../../model/appdata-rules.js";
import { PAIR_LIMIT } from "../../model/limits.js";
import { type Fault, fault } from "../fault.js";
import type { Query } from "../types.js";

/** The items of `fields` (empty ones dropped, `trim`med first when asked), or undefined for "all". */
function listed(query: Query, trim: boolean): string[] | undefined {
  const raw = query.get("fields");
  if (raw === undefined) return undefined;
  const names = raw
    .split(",")
    .map((s) => (trim ? s.trim() : s))
    .filter((s) => s !== "");
  return names.length === 0 ? undefined : names;
}

/** The person field names listed in `fields` (trimmed), or undefined for "all". */
export function fieldNames(query: Query): string[] | undefined {
  return listed(query, true);
}

/** The application-data keys named in `fields`, deduplicated, or a 400 fault. */
export function appDataKeys(query: Query): string[] | undefined | Fault {
  const names = listed(query, false);
  if (names === undefined) return undefined;
  if (names.length >= PAIR_LIMIT)
    return fault(400, "invalid-query", `${PAIR_LIMIT} or more keys specified`);
  if (!names.every(isValidKey))
    return fault(400, "invalid-key", "a character not allowed in a key is used");
  return [...new Set(names)];
}
