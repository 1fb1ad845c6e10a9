/**
 * Representation selection (P-FMT-1): `format=json|atom`; without it, an `Accept` preferring
 * `application/atom+xml` selects Atom; any other `format` → 400.
 */
import { type Fault, fault } from "../fault.js";
import type { Query } from "../types.js";

/** A representation. */
export type Format = "json" | "atom";

/** The q-value `accept` gives `type` (0 when absent), and the index at which it is listed. */
function quality(accept: string, type: string): [q: number, at: number] {
  const ranges = accept.split(",");
  for (let i = 0; i < ranges.length; i++) {
    const [media, ...params] = (ranges[i] ?? "").split(";").map((s) => s.trim().toLowerCase());
    if (media !== type) continue;
    const qp = params.find((p) => p.startsWith("q="));
    const q = qp === undefined ? 1 : Number(qp.slice(2));
    return [Number.isFinite(q) ? q : 0, i];
  }
  return [0, Number.POSITIVE_INFINITY];
}

/** True when `accept` prefers Atom over JSON. */
export function acceptsAtom(accept: string | undefined): boolean {
  if (!accept) return false;
  const [qa, ia] = quality(accept, "application/atom+xml");
  if (qa <= 0) return false;
  const [qj, ij] = quality(accept, "application/json");
  return qa > qj || (qa === qj && ia < ij);
}

/** The format asked for by `query` and the `Accept` header. */
export function chooseFormat(query: Query, accept: string | undefined): Format | Fault {
  const format = query.get("format");
  if (format === undefined) return acceptsAtom(accept) ? "atom" : "json";
  if (format === "json" || format === "atom") return format;
  return fault(400, "invalid-query", "format must be json or atom");
}
