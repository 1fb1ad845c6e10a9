/**
 * The feed framing every kind shares (P-FMT-2, P-FMT-7): the root `feed`, the OpenSearch counts
 * (either namespace spelling), the Atom `entry` elements, and in each entry its `id` and author
 * `url` (`urn:guid:` platform ids) and the data element inside `content`.
 */
import { fromUrnGuid } from "../../../model/ids.js";
import { excerpt, quoted } from "../../../model/quote.js";
import type { DataElement } from "../kinds.js";
import { ATOM_NS, isOpenSearchNs, OPENSOCIAL_NS } from "../namespaces.js";
import type { XmlElement } from "../tree.js";
import { childOrReport, reportNamespace, type Wanted } from "./find.js";
import type { Located } from "./locate.js";
import type { Report } from "./report.js";

type JsonObject = Record<string, unknown>;

const isAtomNs = (uri: string): boolean => uri === ATOM_NS;
const isOpenSocialNs = (uri: string): boolean => uri === OPENSOCIAL_NS;

/** A child in the Atom namespace that must be there. */
function atom(local: string): Wanted {
  return {
    names: [local],
    inNamespace: isAtomNs,
    namespace: ATOM_NS,
    missing: (parent) => `${excerpt(parent.local)} has no ${local}`,
  };
}

const ID = atom("id");
const AUTHOR = atom("author");
const CONTENT = atom("content");

/** The OpenSearch members of the head; `itemsPerPage` is optional (lists only). */
const OPENSEARCH: readonly Wanted[] = ["startIndex", "itemsPerPage", "totalResults"].map(
  (name) => ({
    names: [name],
    inNamespace: isOpenSearchNs,
    namespace: "OpenSearch 1.1",
    ...(name === "itemsPerPage" ? {} : { missing: () => `feed has no OpenSearch ${name}` }),
  }),
);

/** The data element inside `content`: one of the kind's local names, in the OpenSocial namespace. */
export function dataWanted(spec: DataElement): Wanted {
  const message = `content holds no ${spec.names.join(" or ")} element`;
  return {
    names: spec.names,
    inNamespace: isOpenSocialNs,
    namespace: OPENSOCIAL_NS,
    missing: () => message,
  };
}

/** True when the root is Atom's `feed`; otherwise reports it. */
export function isFeed(root: XmlElement, report: Report): boolean {
  if (root.local === "feed" && root.uri === ATOM_NS) return true;
  const code = root.local === "feed" ? "atom-namespace" : "atom-missing";
  report.add(
    code,
    "",
    `root is {${excerpt(root.uri)}}${excerpt(root.local)}, expected {${ATOM_NS}}feed`,
    root,
  );
  return false;
}

/**
 * The OpenSearch members of the feed (either namespace spelling), as text; each element read is
 * kept in `located` under its member's pointer, where a schema issue about it is placed.
 */
export function readHead(feed: XmlElement, report: Report, located: Located): JsonObject {
  const head: JsonObject = {};
  for (const wanted of OPENSEARCH) {
    const name = wanted.names[0] ?? "";
    const el = childOrReport(feed, wanted, `/${name}`, report);
    if (!el) continue;
    head[name] = el.text.trim();
    located.set(`/${name}`, el);
  }
  return head;
}

/** The feed's Atom `entry` elements; an `entry` in another namespace is reported. */
export function entriesOf(feed: XmlElement, report: Report): XmlElement[] {
  const entries: XmlElement[] = [];
  for (const child of feed.children) {
    if (child.local !== "entry") continue;
    if (child.uri === ATOM_NS) entries.push(child);
    else reportNamespace(report, "/entry", child, ATOM_NS);
  }
  return entries;
}

/** The platform id of a `urn:guid:` text, or an issue. */
function guidOf(el: XmlElement, what: string, pointer: string, report: Report): string | undefined {
  const text = el.text.trim();
  const id = fromUrnGuid(text);
  if (id === undefined) {
    report.add("atom-bad-id", pointer, `${what} ${quoted(text)} is not urn:guid:<id>`, el);
  }
  return id;
}

/** P-FMT-2: the author's `url` (P-FMT-2, any namespace) or Atom `uri` (RFC 4287). */
function readAuthor(entry: XmlElement, pointer: string, report: Report): void {
  const author = childOrReport(entry, AUTHOR, pointer, report);
  if (!author) return;
  const url =
    author.children.find((c) => c.local === "url") ??
    author.children.find((c) => c.local === "uri" && c.uri === ATOM_NS);
  if (!url) report.add("atom-missing", pointer, "author has no url", author);
  else guidOf(url, "author url", pointer, report);
}

/** What one entry gave: its id, the element holding it, and its data element. */
interface EntryParts {
  readonly id: string | undefined;
  readonly idElement: XmlElement | undefined;
  readonly data: XmlElement | undefined;
}

/** Reads one entry's id, author and data element, reporting what is missing or wrong. */
export function readEntry(
  el: XmlElement,
  pointer: string,
  data: Wanted,
  report: Report,
): EntryParts {
  const idEl = childOrReport(el, ID, pointer, report);
  const id = idEl ? guidOf(idEl, "entry id", pointer, report) : undefined;
  readAuthor(el, pointer, report);
  const content = childOrReport(el, CONTENT, pointer, report);
  return {
    id,
    idElement: idEl,
    data: content ? childOrReport(content, data, pointer, report) : undefined,
  };
}
