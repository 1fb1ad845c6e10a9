/**
 * The clause a paging member's issue breaks, whatever the case is about (a case about a
 * person's fields must not be blamed for a missing `totalResults`):
 * - a list answer without `startIndex` or `totalResults`: S-1-LIST-PAGING.1; an
 *   application-data read, S-2.5-APPDATA-SHAPE.1; their Atom feeds, S-4.3-ATOM.2 (application
 *   data) and P-FMT-7.1 (people, albums, photos, a single person: P-FMT-2's framing, "a feed
 *   even for `@self`");
 * - `startIndex`, `itemsPerPage` or `totalResults` that is not an integer in JSON:
 *   S-2.4-PAGING-FIELDS.1.
 * - a single person's JSON answer without `startIndex` or `totalResults`, which §4.6's table
 *   gives "always": S-4.6-SELF.1 for `@self`; P-PEOPLE-1.1 for a pid request (`@friends/{pid}`,
 *   or `@all/{pid}`, P-PEOPLE-5), told apart by the request's URL.
 * Undefined for any other issue.
 */
import type { Issue } from "../../model/issue.js";
import { isAppdataAnswer } from "./empty-records.js";

/** The list kinds whose answers carry the paging members (§1). */
const LISTS: ReadonlySet<string> = new Set(["people", "albums", "photos", "appdata"]);

/** The path of a request for one friend by pid (P-PEOPLE-1; `@all` as `@friends`, P-PEOPLE-5). */
const PID_PATH = /\/os\/0\.8\/people\/[^/]+\/@(?:friends|all)\/[^/]+\/?$/;
/** The path of a request for the person guid names (§4.6 `@self`). */
const SELF_PATH = /\/os\/0\.8\/people\/[^/]+\/@self\/?$/;

/** The clause of a single person's missing paging member, by the request's URL (its path). */
function personClause(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const path = new URL(url, "http://target.invalid").pathname;
  if (PID_PATH.test(path)) return "P-PEOPLE-1.1";
  return SELF_PATH.test(path) ? "S-4.6-SELF.1" : undefined;
}

/**
 * The clause `issue` (of a document of `kind`, read from JSON or from Atom, answering the
 * request to `url`) breaks, if a paging one.
 */
export function pagingClause(
  kind: string,
  issue: Pick<Issue, "code" | "pointer">,
  form: "json" | "atom",
  url?: string,
): string | undefined {
  const member = /^\/(startIndex|itemsPerPage|totalResults)$/.exec(issue.pointer)?.[1];
  if (member === undefined) return undefined;
  // the Atom reader reports a feed without the OpenSearch element as `atom-missing`
  const missing =
    issue.code === "missing-member" || (form === "atom" && issue.code === "atom-missing");
  if (kind === "person") {
    if (!missing || member === "itemsPerPage") return undefined;
    return form === "atom" ? "P-FMT-7.1" : personClause(url);
  }
  if (!LISTS.has(kind)) return undefined;
  // in Atom a value that is not an integer's text is P-FMT-7.8's (atom.ts)
  if (issue.code === "invalid-type") return form === "json" ? "S-2.4-PAGING-FIELDS.1" : undefined;
  if (!missing || member === "itemsPerPage") return undefined;
  if (form === "atom") return kind === "appdata" ? "S-4.3-ATOM.2" : "P-FMT-7.1";
  return kind === "appdata" ? "S-2.5-APPDATA-SHAPE.1" : "S-1-LIST-PAGING.1";
}

/**
 * The paging clause a pointer check breaks when it meets `pointer` absent in `doc` (the answer
 * to the request to `url`): a list answer (an `entry` array, or application data's `entry` map
 * beside `id`) or a single person (an `entry` object) without `startIndex` or `totalResults`
 * breaks its paging clause before the case's own (whose check only reads the member).
 * Undefined for any other pointer or document.
 */
export function absentPagingClause(
  doc: unknown,
  pointer: string,
  form: "json" | "atom",
  url?: string,
): string | undefined {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return undefined;
  const entry = (doc as { entry?: unknown }).entry;
  // A list of people, albums or photos: their paging clauses are the same, so "people" names
  // any of them.
  const kind = isAppdataAnswer(doc)
    ? "appdata"
    : Array.isArray(entry)
      ? "people"
      : entry !== null && typeof entry === "object"
        ? "person"
        : undefined;
  return kind === undefined
    ? undefined
    : pagingClause(kind, { code: "missing-member", pointer }, form, url);
}
