/**
 * The clause a paging member's issue breaks, whatever the case is about (a case about a
 * person's fields must not be blamed for a missing `totalResults`):
 * - a list answer without `startIndex` or `totalResults`: S-1-LIST-PAGING.1; an
 *   application-data read, S-2.5-APPDATA-SHAPE.1; their Atom feeds, S-4.3-ATOM.2 (application
 *   data) and P-FMT-7.1 (people, albums, photos: P-FMT-2's framing);
 * - `startIndex`, `itemsPerPage` or `totalResults` that is not an integer in JSON:
 *   S-2.4-PAGING-FIELDS.1.
 * Undefined for any other issue, and for a single person (its clauses are the cases').
 */
import type { Issue } from "../../model/issue.js";
import { isAppdataAnswer } from "./empty-records.js";

/** The list kinds whose answers carry the paging members (§1). */
const LISTS: ReadonlySet<string> = new Set(["people", "albums", "photos", "appdata"]);

/** The clause `issue` (of a document of `kind`, read from JSON or from Atom) breaks, if a paging one. */
export function pagingClause(
  kind: string,
  issue: Pick<Issue, "code" | "pointer">,
  form: "json" | "atom",
): string | undefined {
  if (!LISTS.has(kind)) return undefined;
  const member = /^\/(startIndex|itemsPerPage|totalResults)$/.exec(issue.pointer)?.[1];
  if (member === undefined) return undefined;
  // in Atom a value that is not an integer's text is P-FMT-7.8's (atom.ts)
  if (issue.code === "invalid-type") return form === "json" ? "S-2.4-PAGING-FIELDS.1" : undefined;
  if (issue.code !== "missing-member" || member === "itemsPerPage") return undefined;
  if (form === "atom") return kind === "appdata" ? "S-4.3-ATOM.2" : "P-FMT-7.1";
  return kind === "appdata" ? "S-2.5-APPDATA-SHAPE.1" : "S-1-LIST-PAGING.1";
}

/**
 * The paging clause a pointer check breaks when it meets `pointer` absent in `doc`: a list
 * answer (an `entry` array, or application data's `entry` map beside `id`) without `startIndex`
 * or `totalResults` breaks its paging clause before the case's own (whose check only reads the
 * member). Undefined for any other pointer or document (a single person names its clauses).
 */
export function absentPagingClause(
  doc: unknown,
  pointer: string,
  form: "json" | "atom",
): string | undefined {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return undefined;
  // A list of people, albums or photos: their paging clauses are the same, so "people" names
  // any of them.
  const kind = isAppdataAnswer(doc)
    ? "appdata"
    : Array.isArray((doc as { entry?: unknown }).entry)
      ? "people"
      : undefined;
  return kind === undefined
    ? undefined
    : pagingClause(kind, { code: "missing-member", pointer }, form);
}
