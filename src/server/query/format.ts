/**
 * Representation selection (P-FMT-1): `format=json|atom`; without it, `Accept` as P-FMT-1 ranks
 * it (wire/accept-ranking.ts); any other `format` → 400.
 */

import { acceptSelectsAtom } from "../../wire/accept-ranking.js";
import { type Fault, fault } from "../fault.js";
import type { Query } from "../types.js";

/** A representation. */
export type Format = "json" | "atom";

/** The format asked for by `query` and the `Accept` header. */
export function chooseFormat(query: Query, accept: string | undefined): Format | Fault {
  const format = query.get("format");
  if (format === undefined) return acceptSelectsAtom(accept) ? "atom" : "json";
  if (format === "json" || format === "atom") return format;
  return fault(400, "invalid-query", "format must be json or atom");
}
