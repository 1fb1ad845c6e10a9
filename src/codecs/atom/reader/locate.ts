/**
 * Locating schema issues in the document: an issue found by the JSON Schema on the assembled
 * value names a JSON Pointer; the element it stands for is found by walking from the element
 * read for the longest pointer it starts with (an entry's data element, an OpenSearch member,
 * an appdata entry's id), member by member (P-FMT-4 names decoded).
 */
import type { Issue } from "../../../model/issue.js";
import { pointerTokens } from "../../../model/json-pointer.js";
import { decodeName } from "../names.js";
import type { XmlElement } from "../tree.js";
import { locationOf, MAX_ISSUES } from "./report.js";

/**
 * Pointer → the element it was read from: each entry's value (`/entry/0`, `/entry/<user>`) → its
 * data element, `/totalResults` and the other OpenSearch members, an appdata id (`/id/0`).
 */
export type Located = Map<string, XmlElement>;

/** Finds the element a schema issue's pointer names, walking the entries' data elements. */
function locate(pointer: string, feed: XmlElement, entries: Located): XmlElement {
  let best = feed;
  let bestLength = -1;
  for (const [p, el] of entries) {
    if ((pointer === p || pointer.startsWith(`${p}/`)) && p.length > bestLength) {
      best = el;
      bestLength = p.length;
    }
  }
  if (bestLength < 0) return feed;
  const rest = pointer.slice(bestLength + 1);
  if (rest === "") return best;
  let el = best;
  const tokens = pointerTokens(`/${rest}`);
  for (let i = 0; i < tokens.length; i++) {
    const named = el.children.filter((c) => decodeName(c.local) === tokens[i]);
    if (named.length === 0) break;
    const next = tokens[i + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      el = named[Number(next)] ?? named[0]!;
      i++;
    } else el = named[0]!;
  }
  return el;
}

/** The first {@link MAX_ISSUES} schema issues, each with the XML location of its pointer. */
export function locateIssues(
  issues: readonly Issue[],
  feed: XmlElement,
  entries: Located,
): Issue[] {
  return issues.slice(0, MAX_ISSUES).map((found) => ({
    ...found,
    xml: locationOf(locate(found.pointer, feed, entries)),
  }));
}
