/**
 * `fields` lists: comma-separated names. An empty `fields=` is the same as none (P-DATA-5).
 * For application data each name must be a valid key and fewer than 100 may be named
 * (P-DATA-1, P-DATA-3).
 */
import { isValidKey, PAIR_LIMIT } from "../../model/appdata-rules.js";
import { type Fault, fault } from "../fault.js";
import type { Query } from "../types.js";

/** The names listed in `fields` (trimmed, empty items dropped), or undefined for "all". */
export function fieldNames(query: Query): string[] | undefined {
  const raw = query.get("fields");
  if (raw === undefined) return undefined;
  const names = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return names.length === 0 ? undefined : names;
}

/** The application-data keys named in `fields`, deduplicated, or a 400 fault. */
export function appDataKeys(query: Query): string[] | undefined | Fault {
  const names = fieldNames(query);
  if (names === undefined) return undefined;
  if (names.length >= PAIR_LIMIT)
    return fault(400, "invalid-query", `${PAIR_LIMIT} or more keys specified`);
  if (!names.every(isValidKey))
    return fault(400, "invalid-key", "a character not allowed in a key is used");
  return [...new Set(names)];
}
