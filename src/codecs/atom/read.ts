/**
 * The Atom readers: `fromAtom` (application data, §4.3) and `fromAtomFeed` (every kind, P-FMT-7).
 * Namespace-aware (any prefixes, default or prefixed), `appdata` or `appData`, data members
 * matched by local name with the P-FMT-4 escape undone, unknown extension elements ignored, the
 * OpenSearch namespace with or without its trailing slash (P-FMT-2). Numbers and booleans are
 * typed back through the kind's JSON Schema in lenient mode (P-FMT-6). Never throws.
 */
import { fromUrnGuid } from "../../model/ids.js";
import { fail, type Issue, type IssueCode, issue, ok, type Result } from "../../model/issue.js";
import { escapeToken, pointerTokens } from "../../model/json-pointer.js";
import type { AppDataResponse } from "../../model/responses.js";
import { toIssues } from "../../schemas/issues.js";
import type { Kind } from "../../schemas/kinds.js";
import { validatorFor } from "../../schemas/registry.js";
import { passesAppDataFast } from "./appdata-check.js";
import {
  type AtomKind,
  type AtomValueMap,
  DATA_ELEMENTS,
  type ItemShape,
  isAtomKind,
} from "./kinds.js";
import {
  type AtomReadLimits,
  DEFAULT_ATOM_LIMITS,
  effectiveDepth,
  utf8LengthUpTo,
} from "./limits.js";
import { decodeName } from "./names.js";
import { ATOM_NS, isOpenSearchNs, OPENSOCIAL_NS } from "./namespaces.js";
import { parseTree, type XmlElement, xpathOf } from "./tree.js";

/** Options of the Atom readers. */
export interface AtomReadOptions {
  /** Size and depth limits (default 1 MiB, 32). */
  limits?: AtomReadLimits;
}

/** The JSON Schema kind that types each Atom kind's value. */
const SCHEMA_KIND: Readonly<Record<AtomKind, Kind>> = {
  appdata: "appdata",
  albums: "albums",
  photos: "photos",
  person: "person",
  people: "people-friends",
};

type JsonObject = Record<string, unknown>;

/** What one entry gave: its id and its data element. */
interface EntryParts {
  readonly id: string | undefined;
  readonly data: XmlElement | undefined;
}

/** At most this many issues are reported for one document. */
const MAX_ISSUES = 100;

/** Collects issues and where each lies. */
class Report {
  readonly issues: Issue[] = [];
  /** True once {@link MAX_ISSUES} issues are in: callers stop looking for more. */
  get full(): boolean {
    return this.issues.length >= MAX_ISSUES;
  }
  /** Adds an issue; past {@link MAX_ISSUES} the rest are dropped (each costs a path walk). */
  add(code: IssueCode, pointer: string, message: string, el: XmlElement): void {
    if (this.issues.length >= MAX_ISSUES) return;
    this.issues.push({
      code,
      pointer,
      message,
      xml: { xpath: xpathOf(el), line: el.line, column: el.column },
    });
  }
}

/** The first child named `local` in the Atom namespace; a same-named child in another namespace is reported. */
function atomChild(
  parent: XmlElement,
  local: string,
  pointer: string,
  report: Report,
): XmlElement | undefined {
  let other: XmlElement | undefined;
  for (const child of parent.children) {
    if (child.local !== local) continue;
    if (child.uri === ATOM_NS) return child;
    other ??= child;
  }
  if (other) {
    report.add(
      "atom-namespace",
      pointer,
      `${local} in namespace "${other.uri}", expected ${ATOM_NS}`,
      other,
    );
  } else {
    report.add("atom-missing", pointer, `${parent.local} has no ${local}`, parent);
  }
  return undefined;
}

/** The platform id of a `urn:guid:` text, or an issue. */
function guidOf(el: XmlElement, what: string, pointer: string, report: Report): string | undefined {
  const text = el.text.trim();
  const id = fromUrnGuid(text);
  if (id === undefined) {
    report.add(
      "atom-bad-id",
      pointer,
      `${what} ${JSON.stringify(text.slice(0, 200))} is not urn:guid:<id>`,
      el,
    );
  }
  return id;
}

/** P-FMT-2: the author's `url` (P-FMT-2, any namespace) or Atom `uri` (RFC 4287). */
function readAuthor(entry: XmlElement, pointer: string, report: Report): void {
  const author = atomChild(entry, "author", pointer, report);
  if (!author) return;
  const url =
    author.children.find((c) => c.local === "url") ??
    author.children.find((c) => c.local === "uri" && c.uri === ATOM_NS);
  if (!url) report.add("atom-missing", pointer, "author has no url", author);
  else guidOf(url, "author url", pointer, report);
}

/** The data element inside `content`: local name one of `names`, in the OpenSocial namespace. */
function readContent(
  entry: XmlElement,
  names: readonly string[],
  pointer: string,
  report: Report,
): XmlElement | undefined {
  const content = atomChild(entry, "content", pointer, report);
  if (!content) return undefined;
  let other: XmlElement | undefined;
  for (const child of content.children) {
    if (!names.includes(child.local)) continue;
    if (child.uri === OPENSOCIAL_NS) return child;
    other ??= child;
  }
  if (other) {
    report.add(
      "atom-namespace",
      pointer,
      `${other.local} in namespace "${other.uri}", expected ${OPENSOCIAL_NS}`,
      other,
    );
  } else {
    report.add("atom-missing", pointer, `content holds no ${names.join(" or ")} element`, content);
  }
  return undefined;
}

function readEntry(
  el: XmlElement,
  pointer: string,
  names: readonly string[],
  report: Report,
): EntryParts {
  const idEl = atomChild(el, "id", pointer, report);
  const id = idEl ? guidOf(idEl, "entry id", pointer, report) : undefined;
  readAuthor(el, pointer, report);
  const data = readContent(el, names, pointer, report);
  return { id, data };
}

/** A member's value: text for a leaf, an object (repeated names as arrays) for an element with children. */
function readValue(el: XmlElement): unknown {
  return el.children.length === 0 ? el.text : readObject(el, {});
}

/** One member per child (P-FMT-7); members named in `arrays` are always arrays. */
function readObject(el: XmlElement, arrays: Readonly<Record<string, ItemShape>>): JsonObject {
  const members = new Map<string, unknown>();
  const repeated = new Set<string>();
  for (const child of el.children) {
    const key = decodeName(child.local);
    const shape = Object.hasOwn(arrays, key) ? arrays[key] : undefined;
    if (shape !== undefined) {
      const item = shape === "object" ? readObject(child, {}) : child.text;
      const list = members.get(key);
      if (Array.isArray(list)) list.push(item);
      else members.set(key, [item]);
    } else if (!members.has(key)) members.set(key, readValue(child));
    else if (repeated.has(key)) (members.get(key) as unknown[]).push(readValue(child));
    else {
      members.set(key, [members.get(key), readValue(child)]);
      repeated.add(key);
    }
  }
  return Object.fromEntries(members);
}

/** P-FMT-3: key → text, one child element per key. */
function readRecord(el: XmlElement, pointer: string, report: Report): Record<string, string> {
  const record: Record<string, string> = {};
  for (const child of el.children) {
    const key = decodeName(child.local);
    if (child.children.length > 0) {
      report.add(
        "atom-bad-value",
        `${pointer}/${escapeToken(key)}`,
        `value of ${key} holds elements`,
        child,
      );
    }
    setMember(record, key, child.text);
  }
  return record;
}

/** Sets an own, enumerable member, `__proto__` included (never the prototype). */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
}

/** The OpenSearch members of the feed (either namespace spelling). */
function readHead(feed: XmlElement, report: Report): JsonObject {
  const head: JsonObject = {};
  for (const name of ["startIndex", "itemsPerPage", "totalResults"]) {
    let el: XmlElement | undefined;
    let other: XmlElement | undefined;
    for (const child of feed.children) {
      if (child.local !== name) continue;
      if (isOpenSearchNs(child.uri)) {
        el = child;
        break;
      }
      other ??= child;
    }
    if (el) head[name] = el.text.trim();
    else if (other) {
      report.add(
        "atom-namespace",
        `/${name}`,
        `${name} in namespace "${other.uri}", expected OpenSearch 1.1`,
        other,
      );
    } else if (name !== "itemsPerPage") {
      report.add("atom-missing", `/${name}`, `feed has no OpenSearch ${name}`, feed);
    }
  }
  return head;
}

/** Decodes `input` within the size limit, or the issue that refuses it. */
function textOf(input: unknown, maxBytes: number): Result<string> {
  let text: string;
  if (typeof input === "string") {
    const n = utf8LengthUpTo(input, maxBytes);
    if (n > maxBytes) return fail([tooLarge(maxBytes)]);
    text = input;
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) return fail([tooLarge(maxBytes)]);
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      return fail([issue("xml-invalid-char", "", "the document is not valid UTF-8")]);
    }
  } else {
    return fail([issue("xml-malformed", "", "the document must be text")]);
  }
  const lone = loneSurrogate(text);
  if (lone >= 0) {
    const before = text.slice(0, lone);
    const line = before.split("\n").length;
    const column = lone - before.lastIndexOf("\n");
    const message = "a lone surrogate is not an XML character";
    return fail([
      { code: "xml-invalid-char", pointer: "", message, xml: { xpath: "/", line, column } },
    ]);
  }
  return ok(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

const SURROGATE = /[\uD800-\uDFFF]/g;

/**
 * Index of the first UTF-16 surrogate without its pair, or -1. Strings may hold one (bytes
 * cannot), and saxes would misread it as half of a pair. Jumps from surrogate to surrogate.
 */
function loneSurrogate(text: string): number {
  SURROGATE.lastIndex = 0;
  for (let m = SURROGATE.exec(text); m; m = SURROGATE.exec(text)) {
    const i = m.index;
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) return i;
    SURROGATE.lastIndex = i + 2;
  }
  return -1;
}

function tooLarge(maxBytes: number): Issue {
  return { code: "xml-too-large", pointer: "", message: `document larger than ${maxBytes} bytes` };
}

/** Finds the element a schema issue's pointer names, walking the entries' data elements. */
function locate(pointer: string, feed: XmlElement, entries: Map<string, XmlElement>): XmlElement {
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

/**
 * The element tree (its root) of untrusted XML (text or UTF-8 bytes) with every safety bound of the Atom
 * readers: size (UTF-8 bytes), DOCTYPE, depth, well-formedness, XML characters. For checkers
 * that look at more of the document than {@link fromAtomFeed} keeps. Never throws.
 */
export function parseXmlDocument(
  xml: string | Uint8Array,
  limits: AtomReadLimits = {},
): Result<XmlElement> {
  const input = textOf(xml, limits.maxBytes ?? DEFAULT_ATOM_LIMITS.maxBytes);
  if (!input.ok) return input;
  return parseTree(input.value, effectiveDepth(limits));
}

/**
 * Reads an Atom feed of `kind` (P-FMT-2, P-FMT-7) into its JSON-shaped value: `appdata` →
 * {entry, id, startIndex, totalResults}; `albums`/`photos` → {entry[], startIndex, itemsPerPage,
 * totalResults}; `person` → {entry (one person), startIndex, totalResults}; `people` → the
 * `@friends` list. Issues carry a JSON Pointer and the XML path, line and column. Input may be a
 * string or UTF-8 bytes; never throws.
 */
export function fromAtomFeed<K extends AtomKind>(
  kind: K,
  xml: string | Uint8Array,
  options: AtomReadOptions = {},
): Result<AtomValueMap[K]> {
  if (typeof kind !== "string" || !isAtomKind(kind)) {
    return fail([
      {
        code: "unknown-kind",
        pointer: "",
        message: `no Atom form for kind ${JSON.stringify(kind)}`,
      },
    ]);
  }
  const tree = parseXmlDocument(xml, options.limits);
  if (!tree.ok) return tree;
  const feed = tree.value;
  const report = new Report();
  if (feed.local !== "feed" || feed.uri !== ATOM_NS) {
    const code = feed.local === "feed" ? "atom-namespace" : "atom-missing";
    report.add(code, "", `root is {${feed.uri}}${feed.local}, expected {${ATOM_NS}}feed`, feed);
    return fail(report.issues);
  }
  const value = readHead(feed, report);
  const spec = DATA_ELEMENTS[kind];
  const located = new Map<string, XmlElement>();
  const entryEls: XmlElement[] = [];
  for (const child of feed.children) {
    if (child.local !== "entry") continue;
    if (child.uri === ATOM_NS) entryEls.push(child);
    else
      report.add(
        "atom-namespace",
        "/entry",
        `entry in namespace "${child.uri}", expected ${ATOM_NS}`,
        child,
      );
  }
  if (kind === "appdata") {
    const entry = new Map<string, Record<string, string>>();
    const ids: string[] = [];
    for (let i = 0; i < entryEls.length && !report.full; i++) {
      const el = entryEls[i]!;
      const parts = readEntry(el, `/id/${i}`, spec.names, report);
      if (parts.id === undefined || !parts.data) continue;
      const pointer = `/entry/${escapeToken(parts.id)}`;
      if (entry.has(parts.id)) {
        report.add("atom-bad-id", pointer, `a second entry for ${parts.id}`, el);
        continue;
      }
      located.set(pointer, parts.data);
      entry.set(parts.id, readRecord(parts.data, pointer, report));
      ids.push(parts.id);
    }
    value.entry = Object.fromEntries(entry);
    value.id = ids;
  } else {
    const items: JsonObject[] = [];
    for (let i = 0; i < entryEls.length && !report.full; i++) {
      const pointer = kind === "person" ? "/entry" : `/entry/${i}`;
      const parts = readEntry(entryEls[i]!, pointer, spec.names, report);
      if (!parts.data) continue;
      located.set(pointer, parts.data);
      const item = readObject(parts.data, spec.arrays);
      if (kind === "albums" && !Object.hasOwn(item, "mediaMimeType")) item.mediaMimeType = [];
      items.push(item);
    }
    if (kind === "person") {
      if (entryEls.length !== 1) {
        const code = entryEls.length === 0 ? "atom-missing" : "too-many";
        report.add(
          code,
          "/entry",
          `a person feed has exactly one entry, found ${entryEls.length}`,
          feed,
        );
      }
      value.entry = items[0];
    } else value.entry = items;
  }
  if (report.issues.length > 0) return fail(report.issues);
  if (kind === "appdata" && passesAppDataFast(value))
    return ok(value as unknown as AtomValueMap[K]);
  const validator = validatorFor(SCHEMA_KIND[kind], "lenient");
  if (!validator(value)) {
    const issues = toIssues(validator.errors, value)
      .slice(0, MAX_ISSUES)
      .map((found) => {
        const el = locate(found.pointer, feed, located);
        return { ...found, xml: { xpath: xpathOf(el), line: el.line, column: el.column } };
      });
    return fail(issues);
  }
  return ok(value as unknown as AtomValueMap[K]);
}

/** §4.3 / P-FMT-2: reads an application-data Atom feed; `fromAtomFeed("appdata", xml, options)`. */
export function fromAtom(
  xml: string | Uint8Array,
  options: AtomReadOptions = {},
): Result<AppDataResponse> {
  return fromAtomFeed("appdata", xml, options);
}
