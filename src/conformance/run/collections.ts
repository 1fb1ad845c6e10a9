/**
 * The API collections a case's requests name: the first segment after `/os/0.8/` of each step's
 * path (`appdata`, `people`, `albums`, `mediaitems`, …), in lower case. A path that does not name
 * one plainly (another prefix, a placeholder or a percent-escape there, a dot segment anywhere)
 * could reach any collection: it counts as all of them ({@link ANY_COLLECTION}). The scheduler
 * keeps an `exclusive` case apart from the cases that share a collection with it: the state one
 * collection holds is read through that collection's paths alone (social-api.md §4).
 */
import type { CaseSpec } from "../suite/expand-steps.js";

/** What a path that names no collection plainly touches: every collection. */
export const ANY_COLLECTION = "*";

const PLAIN = /^\/os\/0\.8\/([A-Za-z0-9_-]+)(?:[/?#]|$)/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$|[?#])/;

/** The collection one request path names, or {@link ANY_COLLECTION}. */
export function collectionOf(path: string): string {
  const m = PLAIN.exec(path);
  if (!m?.[1] || path.includes("%") || DOT_SEGMENT.test(path)) return ANY_COLLECTION;
  return m[1].toLowerCase();
}

/** Every collection the steps of `c` name. */
export function collectionsOf(c: Pick<CaseSpec, "steps">): ReadonlySet<string> {
  return new Set(c.steps.map((s) => collectionOf(s.request.path)));
}

/** Whether two cases' collections meet (either naming any collection meets everything). */
export function collectionsMeet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.has(ANY_COLLECTION) || b.has(ANY_COLLECTION)) return a.size > 0 && b.size > 0;
  for (const x of a) if (b.has(x)) return true;
  return false;
}
