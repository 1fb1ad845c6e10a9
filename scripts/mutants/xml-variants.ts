/**
 * Atom rewrites that make the same document (P-FMT-2 "prefixes are never a
 * rule"): other namespace prefixes, indentation between elements, unknown extension elements,
 * the published OpenSearch namespace with its trailing slash, and the entry author's `url` in
 * the OpenSocial namespace or as an Atom `uri` (P-FMT-2 names no namespace for it; P-FMT-5:
 * readers accept `url` in any namespace or an Atom `uri`); and, beside JSON members written in
 * reverse, a person's, album's or photo's children in reverse too (P-FMT-7: the Atom children
 * follow the JSON order; an array member's items keep theirs). The document is parsed with
 * saxes (namespace-aware) and written again; text content is copied exactly.
 */
import { SaxesParser } from "saxes";

const ATOM = "http://www.w3.org/2005/Atom";
const OS = "http://ns.opensocial.org/2008/opensocial";
const OSEARCH = "http://a9.com/-/spec/opensearch/1.1";

/** How to write the document again. */
interface Rewrite {
  prefixes: Record<string, string>;
  indent: boolean;
  extensions: boolean;
  opensearchSlash: boolean;
  /** The entry author's `url`: as written (Atom), in the OpenSocial namespace, or an Atom `uri`. */
  author?: "opensocial-url" | "atom-uri";
  /** Children of person, album and mediaItem elements (and of theirs) in reverse order. */
  reverseData?: boolean;
}

/** The data elements whose children follow the JSON member order (P-FMT-7). */
const ITEM_ELEMENTS = new Set(["person", "album", "mediaItem"]);

/** One child as written, by its name. */
interface Written {
  name: string;
  text: string;
}

/** `kids` with runs of one name (an array's items) reversed as runs, each run kept in order. */
function reversedRuns(kids: readonly Written[]): string {
  const runs: Written[][] = [];
  for (const k of kids) {
    const last = runs.at(-1);
    if (last && last[0]?.name === k.name) last.push(k);
    else runs.push([k]);
  }
  return runs
    .reverse()
    .flat()
    .map((k) => k.text)
    .join("");
}

function esc(s: string, attr: boolean): string {
  const text = s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;");
  return attr ? text.replace(/"/g, "&quot;") : text;
}

function rewriteXml(body: string, type: string, rw: Rewrite): string {
  if (!type.includes("xml")) return body;
  const parser = new SaxesParser({ xmlns: true });
  const nsOf = (uri: string): string =>
    rw.opensearchSlash && uri === OSEARCH ? `${OSEARCH}/` : uri;
  const prefixOf = (uri: string): string => rw.prefixes[uri] ?? "ext";
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const stack: {
    hasChildren: boolean;
    name: string;
    uri: string;
    start: number;
    /** Children are collected to be written in reverse (`reverseData`). */
    kids?: Written[];
  }[] = [];
  let pendingText = "";
  const indent = (depth: number): string => (rw.indent ? `\n${"  ".repeat(depth)}` : "");
  const extension = (depth: number): string =>
    `${indent(depth)}<vx:extension xmlns:vx="urn:example:vendor-extension" vx:kind="test"><vx:note>unknown</vx:note></vx:extension>`;
  parser.on("opentag", (tag) => {
    const parent = stack.at(-1);
    if (parent) {
      parent.hasChildren = true;
      pendingText = "";
    }
    const inAuthor = parent?.uri === ATOM && parent.name.endsWith(":author");
    const authorUrl = inAuthor && tag.uri === ATOM && tag.local === "url";
    const uri = authorUrl && rw.author === "opensocial-url" ? OS : (tag.uri ?? "");
    const local = authorUrl && rw.author === "atom-uri" ? "uri" : tag.local;
    const qname = `${prefixOf(uri)}:${local}`;
    let attrs = "";
    if (stack.length === 0) {
      for (const [u, p] of Object.entries(rw.prefixes))
        attrs += ` xmlns:${p}="${esc(nsOf(u), true)}"`;
    }
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix === "xmlns" || a.name === "xmlns") continue;
      const name = a.uri ? `${prefixOf(a.uri)}:${a.local}` : a.local;
      attrs += ` ${name}="${esc(a.value, true)}"`;
    }
    const start = out.length;
    out.push(`${indent(stack.length)}<${qname}${attrs}>`);
    const reverse =
      rw.reverseData === true &&
      uri === OS &&
      (ITEM_ELEMENTS.has(local) || parent?.kids !== undefined);
    stack.push({ hasChildren: false, name: qname, uri, start, ...(reverse ? { kids: [] } : {}) });
  });
  parser.on("text", (t) => {
    pendingText += t;
  });
  parser.on("closetag", () => {
    const node = stack.pop();
    if (!node) return;
    const local = node.name.split(":")[1];
    if (rw.extensions && node.uri === ATOM && (local === "feed" || local === "entry")) {
      out.push(extension(stack.length + 1));
      node.hasChildren = true;
    }
    if (node.kids?.length) out.push(reversedRuns(node.kids));
    if (node.hasChildren) out.push(`${indent(stack.length)}</${node.name}>`);
    else out.push(`${esc(pendingText, false)}</${node.name}>`);
    pendingText = "";
    const parent = stack.at(-1);
    if (parent?.kids) parent.kids.push({ name: node.name, text: out.splice(node.start).join("") });
  });
  parser.write(body).close();
  return out.join("");
}

const base = { [ATOM]: "atom", [OS]: "os", [OSEARCH]: "search" };

/** Every element prefixed, with prefixes unlike the reference's. */
export const otherPrefixes = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: base,
    indent: false,
    extensions: false,
    opensearchSlash: false,
  });
/** Indentation and newlines between elements. */
export const extraWhitespace = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: base,
    indent: true,
    extensions: false,
    opensearchSlash: false,
  });
/** An unknown extension element in the feed and in each entry. */
export const extensionElements = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: base,
    indent: false,
    extensions: true,
    opensearchSlash: false,
  });
/** The published OpenSearch 1.1 namespace, with its trailing slash (P-FMT-2 readers accept it). */
export const opensearchSlash = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: base,
    indent: false,
    extensions: false,
    opensearchSlash: true,
  });
/**
 * Every prefix renamed, the appdata element and its keys prefixed instead of in a default
 * namespace, and `os` bound to OpenSearch rather than OpenSocial: only the URIs mean anything.
 */
export const renamedPrefixes = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: { [ATOM]: "f", [OS]: "d", [OSEARCH]: "os" },
    indent: false,
    extensions: false,
    opensearchSlash: false,
  });
/** The entry author's `url` in the OpenSocial namespace, as P-FMT-5's strict mode keeps it. */
export const authorUrlOpenSocial = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: base,
    indent: false,
    extensions: false,
    opensearchSlash: false,
    author: "opensocial-url",
  });
/** Person, album and photo children in reverse (what a server writing JSON members in reverse writes, P-FMT-7). */
export const dataChildrenReversed = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: base,
    indent: false,
    extensions: false,
    opensearchSlash: false,
    reverseData: true,
  });
/** The entry author's `url` written as RFC 4287's `uri` (P-FMT-5: readers accept it). */
export const authorAtomUri = (body: string, type: string): string =>
  rewriteXml(body, type, {
    prefixes: base,
    indent: false,
    extensions: false,
    opensearchSlash: false,
    author: "atom-uri",
  });

/** Each entry's `content type` in other letter case (RFC 6838 §4.2: media types are case-insensitive). */
export const contentTypeCase = (body: string, type: string): string =>
  type.includes("atom")
    ? body.replaceAll('type="application/xml"', 'type="Application/XML"')
    : body;
