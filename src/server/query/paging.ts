/**
 * Paging (P-PAGE-1..3): `startIndex` (0-based, default 0) and `count` (default per list, at
 * most 1000), plain decimal digits only.
 */
import { MAX_COUNT, MAX_PAGING_VALUE } from "../../model/limits.js";
import { type Fault, fault } from "../fault.js";
import type { Query } from "../types.js";

/** A page request in effect. */
interface Page {
  startIndex: number;
  count: number;
}

/** P-PAGE-2: `^[0-9]+$` and at most 2147483647, or undefined. */
function parseDecimal(text: string): number | undefined {
  if (!/^[0-9]{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_PAGING_VALUE ? n : undefined;
}

/** Reads `startIndex` and `count` from the query (P-PAGE-2: anything else → 400). */
export function readPage(query: Query, defaultCount: number): Page | Fault {
  const start = query.get("startIndex");
  const count = query.get("count");
  const startIndex = start === undefined ? 0 : parseDecimal(start);
  if (startIndex === undefined)
    return fault(400, "invalid-paging", "paging value invalid: startIndex");
  const n = count === undefined ? defaultCount : parseDecimal(count);
  if (n === undefined || n === 0 || n > MAX_COUNT)
    return fault(400, "invalid-paging", "paging value invalid: count");
  return { startIndex, count: n };
}

/** The page of `items` and the paging members of its response (P-PAGE-3). */
export function pageOf<T>(
  items: readonly T[],
  page: Page,
): { entry: T[]; startIndex: number; itemsPerPage: number; totalResults: number } {
  const entry = slicePage(items, page);
  return {
    entry,
    startIndex: page.startIndex,
    itemsPerPage: page.count,
    totalResults: items.length,
  };
}

/** The page of `items` (P-PAGE-2: a start at or past the end gives an empty page). */
function slicePage<T>(items: readonly T[], page: Page): T[] {
  return items.slice(page.startIndex, page.startIndex + page.count);
}
