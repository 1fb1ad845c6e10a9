/**
 * What an answer means to a reader, with everything the documents leave open taken out: the
 * status; the media type without parameters; a JSON body parsed (member order gone), an error
 * body reduced to its code (the message is free text, P-ERR-1); an Atom body as a namespace-
 * resolved tree (prefixes, whitespace between elements and the order of elements whose order
 * carries no data gone; the order of an appdata element's keys kept, P-FMT-3; an entry author's
 * url in any namespace, or an Atom uri, read as one link, P-FMT-5, it and the entry id with the
 * `urn:guid:` prefix in any case, RFC 8141 §3.1; a title's `type="text"` as none, RFC 4287
 * §3.1.1; the data element `appData` as `appdata`, P-FMT-3; an application-data user listed
 * with an empty record read as left out, §2.5 / P-DATA-5; an empty `addresses` list as none,
 * §2.6; an entry's content type as a media type, RFC 6838 §4.2; a person, album or photo as
 * its members, each the list of its same-named children (an integer in any JSON text of its
 * value, P-FMT-7.8), those with a name the documents do not give apart as extensions, `ext`,
 * which the comparison skips where one side lacks them, as it skips JSON extension members,
 * P-FMT-7; Atom elements the documents do not give a feed, an entry or an author, OpenSearch
 * elements other than the paging members, and qualified attributes, skipped as metadata, RFC
 * 4287 §6.4); the `Allow` set of a 405. Other headers are left open.
 */
import {
  ATOM_NS,
  OPENSOCIAL_NS,
  OSEARCH_NS,
  OSEARCH_NS_PUBLISHED,
} from "../../codecs/atom/index.js";
import { DATA_ELEMENTS } from "../../codecs/atom/kinds.js";
import { parseXmlDocument } from "../../codecs/atom/read.js";
import { integerText } from "../../codecs/atom/reader/integer-text.js";
import type { XmlElement } from "../../codecs/atom/tree.js";
import { fromUrnGuid, toUrnGuid } from "../../model/ids.js";
import { listTokens } from "../../wire/header-list.js";
import { mediaTypeOf } from "../../wire/media-type.js";
import { ANSWER_ATOM_LIMITS } from "../checks/answer-limits.js";
import { authorUrls } from "../checks/atom-author.js";
import { KNOWN_MEMBERS } from "../checks/difference.js";
import { withoutEmptyAddresses } from "../checks/empty-addresses.js";
import { withoutEmptyRecords } from "../checks/empty-records.js";

/** The name the author link is compared under, whatever namespace or name it was written with. */
const AUTHOR_LINK = "urn:opensocial-kit:author-link";
/** Namespaces whose elements carry meaning; elements of others are extensions a reader skips. */
const KNOWN_NS = new Set([
  ATOM_NS,
  OPENSOCIAL_NS,
  OSEARCH_NS,
  OSEARCH_NS_PUBLISHED,
  AUTHOR_LINK,
  "",
]);
/** P-FMT-2: the OpenSearch namespace with or without its trailing slash is the same. */
const nsName = (uri: string) => (uri === OSEARCH_NS_PUBLISHED ? OSEARCH_NS : uri);

/** A body as a reader sees it. */
type SemanticBody =
  | { readonly form: "json"; readonly value: unknown }
  | { readonly form: "atom"; readonly value: unknown }
  | { readonly form: "empty" }
  | { readonly form: "text"; readonly value: string };

/** An answer as a reader sees it. */
export interface SemanticAnswer {
  readonly status: number;
  readonly mediaType: string;
  readonly body: SemanticBody;
  /** Methods of `Allow` (405), sorted. */
  readonly allow?: readonly string[];
}

/** An answer as received. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * An entry author's children as a reader takes them: the author link (`authorUrls` with the
 * readers' tolerance: a `url` in any namespace, else an Atom `uri`, P-FMT-5) under one name;
 * the other children as they are.
 */
function authorChildren(author: XmlElement): XmlElement[] {
  const links = authorUrls(author, true);
  return author.children.map((c) =>
    links.includes(c) ? { ...c, uri: AUTHOR_LINK, local: "url" } : c,
  );
}

/** The data elements P-FMT-7 writes with one child per JSON member. */
const ITEM_ELEMENTS = new Set(["person", "album", "mediaItem"]);
/** Their integer members, whose text is any JSON text of the number (P-FMT-7.8, RFC 8259 §6). */
const INTEGER_MEMBERS = new Set(Object.values(DATA_ELEMENTS).flatMap((d) => d.integers));

/**
 * A leaf's text as a reader takes it: an entry's id and its author link with the `urn:guid:`
 * prefix in lower case, whatever case it was written in (RFC 8141 §3.1; the id after it as
 * written); any other text as it is.
 */
function leafText(el: XmlElement): string {
  const urn = (el.uri === ATOM_NS && el.local === "id") || el.uri === AUTHOR_LINK;
  const id = urn ? fromUrnGuid(el.text) : undefined;
  return id === undefined ? el.text : toUrnGuid(id);
}

/** `JSON.stringify` without extension members: what orders a list's entries, whatever they carry. */
const sortKey = (v: unknown): string =>
  JSON.stringify(v, (k, x: unknown) => (k === "ext" ? undefined : x));

/**
 * A person, album or photo (or one of their object members, an address) as members: each name
 * → its children of that name in document order (an array member is one child per item); the
 * names the documents give in `members`, the others in `ext` (P-FMT-7: one child per JSON
 * member, so an extension member is one child too).
 */
function itemMembers(el: XmlElement): unknown {
  const members: Record<string, unknown[]> = {};
  const ext: Record<string, unknown[]> = {};
  for (const c of el.children) {
    if (!KNOWN_NS.has(c.uri)) continue;
    const text = c.text.trim();
    const value = c.children.some((x) => KNOWN_NS.has(x.uri))
      ? itemMembers(c)
      : c.uri === OPENSOCIAL_NS && INTEGER_MEMBERS.has(c.local)
        ? integerText(text)
        : text;
    const known = c.uri !== OPENSOCIAL_NS || KNOWN_MEMBERS.has(c.local);
    const name = c.uri === OPENSOCIAL_NS ? c.local : `{${nsName(c.uri)}}${c.local}`;
    (known ? members : ext)[name] ??= [];
    (known ? members : ext)[name]?.push(value);
  }
  // Member order carries no data (it follows the JSON's, which never counts): names sorted.
  const sorted = (o: Record<string, unknown[]>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { name: `{${nsName(el.uri)}}${el.local}`, members: sorted(members), ext: sorted(ext) };
}

/**
 * The Atom children the documents give a feed and an entry (§4.3, P-FMT-2); a reader skips the
 * other Atom elements there as metadata the documents leave open (RFC 4287 lets a feed carry an
 * id, title, updated, author, link, generator…, an entry links; P-FMT-5's strict feed has some).
 * An entry author's other children go the same way: only its link is compared (P-FMT-5).
 */
const ATOM_CHILDREN: Readonly<Record<string, ReadonlySet<string>>> = {
  feed: new Set(["entry"]),
  entry: new Set(["content", "title", "updated", "author", "id"]),
  author: new Set(),
};

/**
 * The OpenSearch elements the documents give a feed (§2.4, §4.3, P-FMT-2, P-FMT-7.1); others
 * OpenSearch 1.1 defines (its `Query` element) are metadata the documents leave open.
 */
const OPENSEARCH_MEMBERS: ReadonlySet<string> = new Set([
  "startIndex",
  "itemsPerPage",
  "totalResults",
]);

/** True for a child the comparison reads: one of a known namespace the documents give its parent. */
function compared(parent: XmlElement, child: XmlElement): boolean {
  if (!KNOWN_NS.has(child.uri)) return false;
  if (nsName(child.uri) === OSEARCH_NS) return OPENSEARCH_MEMBERS.has(child.local);
  const given = parent.uri === ATOM_NS ? ATOM_CHILDREN[parent.local] : undefined;
  return child.uri !== ATOM_NS || given === undefined || given.has(child.local);
}

/** RFC 4287's Text constructs (§3.1), whose `type` defaults to `text`. */
const TEXT_CONSTRUCTS: ReadonlySet<string> = new Set(["title", "subtitle", "summary", "rights"]);

/** True for a Text construct's `type="text"`: what the attribute's absence says (RFC 4287 §3.1.1). */
function defaultTextType(el: XmlElement, name: string, value: string): boolean {
  return el.uri === ATOM_NS && TEXT_CONSTRUCTS.has(el.local) && name === "type" && value === "text";
}

/**
 * An element as data: `{ns}local`, its unqualified attributes (a qualified one, `xml:lang` or
 * a foreign attribute, is markup the documents leave open, RFC 4287 §6.4), text, children.
 */
function canonical(el: XmlElement, keepOrder: boolean): unknown {
  if (el.uri === OPENSOCIAL_NS && ITEM_ELEMENTS.has(el.local)) return itemMembers(el);
  const attrs: Record<string, string> = {};
  for (const [name, a] of Object.entries(el.attributes))
    if (name !== "xmlns" && !name.includes(":") && !defaultTextType(el, name, a.value))
      attrs[name] =
        // RFC 4287 §4.1.3.1: a content type is a media type (case-insensitive, RFC 6838 §4.2)
        el.uri === ATOM_NS && el.local === "content" && name === "type"
          ? mediaTypeOf(a.value)
          : a.value;
  const inData =
    keepOrder || (el.uri === OPENSOCIAL_NS && (el.local === "appdata" || el.local === "appData"));
  const children = (el.uri === ATOM_NS && el.local === "author" ? authorChildren(el) : el.children)
    .filter((c) => compared(el, c))
    .map((c) => canonical(c, inData && c.uri === OPENSOCIAL_NS));
  if (!inData) children.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
  // P-FMT-3: readers take the data element named `appData` as `appdata`
  const local = el.uri === OPENSOCIAL_NS && el.local === "appData" ? "appdata" : el.local;
  return {
    name: `{${nsName(el.uri)}}${local}`,
    ...(Object.keys(attrs).length ? { attrs } : {}),
    ...(el.children.length === 0
      ? { text: leafText(el) }
      : el.text.trim()
        ? { text: el.text.trim() }
        : {}),
    ...(children.length ? { children } : {}),
  };
}

/** The reader's view of `answer`. */
export function semanticAnswer(answer: RawAnswer): SemanticAnswer {
  const mediaType = mediaTypeOf(answer.headers["content-type"]);
  const text = Buffer.from(answer.body).toString("utf8");
  let body: SemanticBody;
  if (answer.body.length === 0) body = { form: "empty" };
  else if (mediaType.endsWith("json") || mediaType === "") {
    try {
      let value = withoutEmptyAddresses(withoutEmptyRecords(JSON.parse(text) as unknown));
      if (isObject(value) && isObject(value.error)) value = { error: { code: value.error.code } };
      body = { form: "json", value };
    } catch {
      body = { form: "text", value: text.trim() };
    }
  } else if (mediaType.endsWith("xml")) {
    const tree = parseXmlDocument(answer.body, ANSWER_ATOM_LIMITS);
    body = tree.ok
      ? { form: "atom", value: canonical(tree.value, false) }
      : { form: "text", value: text.trim() };
  } else body = { form: "text", value: text.trim() };
  const allow =
    answer.status === 405 ? listTokens(answer.headers.allow).filter(Boolean).sort() : undefined;
  return { status: answer.status, mediaType, body, ...(allow ? { allow } : {}) };
}
