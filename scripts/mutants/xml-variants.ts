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
const XML_NS = "http://www.w3.org/XML/1998/namespace";
/** The namespace of the foreign attributes {@link Rewrite.foreignAttributes} adds. */
const VXA = "urn:example:vendor-attributes";

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
  /**
   * Where namespaces are declared: all prefixes on the root (as written), each element in the
   * default namespace declared where it changes (`default`), or each element with a prefix of
   * its own declared on it (`local`), or one prefix on every element, declared on each for that
   * element's namespace (`rebound`: redeclared where it is the same, rebound where it changes).
   */
  namespaces?: "root" | "default" | "local" | "rebound";
  /** How text is written: escaped (as written), in CDATA sections, or as character references. */
  text?: "escaped" | "cdata" | "references";
  /** Other markup of the same document: comments and processing instructions, in text too. */
  comments?: boolean;
  /**
   * Other lexical choices: single-quoted attributes with spaces around `=`, empty elements as
   * `<x/>`, a space before `>` of end tags, an XML declaration in single quotes.
   */
  lexical?: boolean;
  /** Atom elements of the feed (id, title, updated, author, link, generator) and entry links, author names. */
  atomMetadata?: boolean;
  /** `xml:lang`, `xml:base` and foreign attributes on Atom and OpenSearch elements. */
  foreignAttributes?: boolean;
  /**
   * Optional Atom elements of each entry, before its content: published, summary, rights,
   * category, contributor, link, and a `source` with an id, title, updated and author of its own.
   */
  entryElements?: boolean;
  /** Each entry's children in reverse order (§4.3 lists them in no order; P-FMT-2.3 decides one). */
  entryReversed?: boolean;
  /** Every attribute value, namespace declarations included, as character references. */
  attributeReferences?: boolean;
  /** The XML declaration without its encoding, with `standalone="yes"` and a space before `?>`. */
  standalone?: boolean;
  /** Integer members of albums and photos written with a zero fraction (`20.0`), as in JSON. */
  numberFraction?: boolean;
  /** `xml:lang` and `xml:space` on every element in the OpenSocial namespace (data and keys). */
  dataXmlAttributes?: boolean;
  /** An OpenSearch `Query` element (role `request`) first in the feed. */
  openSearchQuery?: boolean;
  /** Each Atom `title` with its type said (`type="text"`, the default, RFC 4287 §3.1.1). */
  textType?: boolean;
  /**
   * White space inside tags and CRLF line ends: each attribute after a line end and a tab, a
   * line end and a tab before the `>` of every start and end tag, and elements indented with
   * tabs on CRLF lines.
   */
  tagWhitespace?: boolean;
  /** No XML declaration at all (XML 1.0 §2.8: a document should, not must, begin with one). */
  noDeclaration?: boolean;
  /** The feed's children in reverse order, the entries (one run) kept in theirs. */
  feedReversed?: boolean;
}

/** The integer members of the data elements (§2.2, §2.3): written as their JSON text (P-FMT-7). */
const INTEGER_MEMBERS = new Set(["mediaItemCount", "fileSize"]);

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

/** `text` in CDATA sections (a CR, which a CDATA section cannot keep, as a reference between them). */
function cdata(text: string): string {
  return text
    .split("\r")
    .map((part) => (part ? `<![CDATA[${part.replace(/]]>/g, "]]]]><![CDATA[>")}]]>` : ""))
    .join("&#13;");
}

/** Every character of `text` as a character reference, hexadecimal and decimal in turn. */
function references(text: string): string {
  return Array.from(text, (c, i) => {
    const n = c.codePointAt(0) ?? 0;
    return i % 2 ? `&#${n};` : `&#x${n.toString(16)};`;
  }).join("");
}

/** A comment and a processing instruction: markup that carries no content. */
const NOTHING = "<!-- variant: a comment --><?variant a processing instruction?>";

function rewriteXml(body: string, type: string, rw: Rewrite): string {
  if (!type.includes("xml")) return body;
  const parser = new SaxesParser({ xmlns: true });
  const nsOf = (uri: string): string =>
    rw.opensearchSlash && uri === OSEARCH ? `${OSEARCH}/` : uri;
  const prefixOf = (uri: string): string =>
    uri === XML_NS ? "xml" : uri === VXA ? "vxa" : (rw.prefixes[uri] ?? "ext");
  const namespaces = rw.namespaces ?? "root";
  const lexical = rw.lexical === true;
  const q = lexical ? "'" : '"';
  const tagSpace = rw.tagWhitespace === true;
  const space = tagSpace ? "\r\n\t" : " ";
  const attr = (name: string, value: string): string =>
    rw.attributeReferences === true
      ? `${space}${name}="${references(value)}"`
      : lexical
        ? `${space}${name} = '${esc(value, true).replace(/'/g, "&apos;")}'`
        : `${space}${name}="${esc(value, true)}"`;
  /** The end of a start or end tag (`S? '>'`, XML 1.0 §3.1). */
  const close = tagSpace ? "\r\n\t>" : ">";
  const textOf = (t: string): string => {
    const written =
      rw.text === "cdata" ? cdata(t) : rw.text === "references" ? references(t) : esc(t, false);
    if (!rw.comments || t.length === 0) return written;
    const chars = Array.from(t);
    const half = Math.ceil(chars.length / 2);
    return `${esc(chars.slice(0, half).join(""), false)}${NOTHING}${esc(chars.slice(half).join(""), false)}`;
  };
  const out: string[] = [
    rw.noDeclaration === true
      ? ""
      : rw.standalone === true
        ? '<?xml version="1.0" standalone="yes" ?>'
        : `<?xml version=${q}1.0${q} encoding=${q}${lexical ? "utf-8" : "UTF-8"}${q}?>`,
    ...(rw.comments ? [NOTHING] : []),
  ];
  const stack: {
    hasChildren: boolean;
    name: string;
    local: string;
    uri: string;
    start: number;
    /** Children are collected to be written in reverse (`reverseData`). */
    kids?: Written[];
  }[] = [];
  let pendingText = "";
  let declared = 0;
  const indent = (depth: number): string =>
    tagSpace ? `\r\n${"\t".repeat(depth)}` : rw.indent ? `\n${"  ".repeat(depth)}` : "";
  const extension = (depth: number): string =>
    `${indent(depth)}<vx:extension xmlns:vx="urn:example:vendor-extension" vx:kind="test"><vx:note>unknown</vx:note></vx:extension>`;
  /** A whole Atom element, written as the document's own Atom elements are. */
  const atomElement = (local: string, attrs: Record<string, string>, text: string): string => {
    const own = namespaces === "root" ? `${prefixOf(ATOM)}:${local}` : `al:${local}`;
    const decl = namespaces === "root" ? "" : attr("xmlns:al", ATOM);
    const list = Object.entries(attrs)
      .map(([k, v]) => attr(k, v))
      .join("");
    return `<${own}${decl}${list}>${esc(text, false)}</${own}>`;
  };
  parser.on("opentag", (tag) => {
    const parent = stack.at(-1);
    if (parent) {
      parent.hasChildren = true;
      pendingText = "";
    }
    if (rw.comments) out.push(NOTHING);
    const inAuthor = parent?.uri === ATOM && parent.local === "author";
    const authorUrl = inAuthor && tag.uri === ATOM && tag.local === "url";
    const uri = authorUrl && rw.author === "opensocial-url" ? OS : (tag.uri ?? "");
    const local = authorUrl && rw.author === "atom-uri" ? "uri" : tag.local;
    let qname = `${prefixOf(uri)}:${local}`;
    let attrs = "";
    if (namespaces === "default") {
      qname = local;
      if (parent?.uri !== uri) attrs += attr("xmlns", nsOf(uri));
    } else if (namespaces === "local") {
      const prefix = `n${declared++}`;
      qname = `${prefix}:${local}`;
      attrs += attr(`xmlns:${prefix}`, nsOf(uri));
    } else if (namespaces === "rebound") {
      qname = `p:${local}`;
      attrs += attr("xmlns:p", nsOf(uri));
    } else if (stack.length === 0) {
      for (const [u, p] of Object.entries(rw.prefixes)) attrs += attr(`xmlns:${p}`, nsOf(u));
    }
    const foreign = rw.foreignAttributes === true && (uri === ATOM || uri === OSEARCH);
    if (foreign && stack.length === 0)
      attrs += `${attr("xmlns:vxa", VXA)}${attr("xml:lang", "en-GB")}${attr("xml:base", "http://variant.invalid/feed/")}`;
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix === "xmlns" || a.name === "xmlns") continue;
      const name = a.uri ? `${prefixOf(a.uri)}:${a.local}` : a.local;
      attrs += attr(name, a.value);
    }
    if (foreign) attrs += attr("vxa:seen", "yes");
    if (rw.textType === true && uri === ATOM && local === "title" && !tag.attributes.type)
      attrs += attr("type", "text");
    if (rw.dataXmlAttributes === true && uri === OS)
      attrs += `${attr("xml:lang", "ja")}${attr("xml:space", "preserve")}`;
    const start = out.length;
    out.push(`${indent(stack.length)}<${qname}${attrs}${close}`);
    if (rw.atomMetadata && uri === ATOM && local === "feed")
      out.push(
        [
          atomElement("id", {}, "urn:uuid:6f1c1c2e-0000-4000-8000-000000000001"),
          atomElement("title", { type: "text" }, "variant feed"),
          atomElement("updated", {}, "2026-11-28T00:00:00Z"),
          `${atomElement("author", {}, "").replace(/><\//, `>${atomElement("name", {}, "variant")}</`)}`,
          atomElement("link", { rel: "self", href: "http://variant.invalid/feed" }, ""),
          atomElement("generator", { uri: "http://variant.invalid/", version: "1" }, "variant"),
        ]
          .map((x) => `${indent(stack.length + 1)}${x}`)
          .join(""),
      );
    if (rw.openSearchQuery && uri === ATOM && local === "feed") {
      const own = namespaces === "root" ? `${prefixOf(OSEARCH)}:Query` : "q:Query";
      const decl = namespaces === "root" ? "" : attr("xmlns:q", OSEARCH);
      out.push(
        `${indent(stack.length + 1)}<${own}${decl}${attr("role", "request")}${attr("startIndex", "0")}/>`,
      );
    }
    if (rw.entryElements && uri === ATOM && local === "entry")
      out.push(
        [
          atomElement("published", {}, "2026-11-28T00:00:00Z"),
          atomElement("summary", { type: "text" }, "a summary of the entry"),
          atomElement("rights", { type: "text" }, "(c) variant"),
          atomElement("category", { term: "variant", scheme: "http://variant.invalid/c" }, ""),
          atomElement("contributor", {}, "").replace(
            /><\//,
            `>${atomElement("name", {}, "a contributor")}${atomElement("uri", {}, "http://variant.invalid/c")}</`,
          ),
          atomElement("link", { rel: "self", href: "http://variant.invalid/entry" }, ""),
          atomElement("source", {}, "").replace(
            /><\//,
            `>${[
              atomElement("id", {}, "urn:uuid:6f1c1c2e-0000-4000-8000-000000000002"),
              atomElement("title", {}, "the source feed"),
              atomElement("updated", {}, "2026-11-27T00:00:00Z"),
              atomElement("author", {}, "").replace(
                /><\//,
                `>${atomElement("name", {}, "source author")}${atomElement("uri", {}, "http://variant.invalid/a")}</`,
              ),
            ].join("")}</`,
          ),
        ]
          .map((x) => `${indent(stack.length + 1)}${x}`)
          .join(""),
      );
    if (rw.atomMetadata && uri === ATOM && local === "author")
      out.push(`${indent(stack.length + 1)}${atomElement("name", {}, "variant author")}`);
    const reverse =
      (rw.reverseData === true &&
        uri === OS &&
        (ITEM_ELEMENTS.has(local) || parent?.kids !== undefined)) ||
      (rw.entryReversed === true && uri === ATOM && local === "entry") ||
      (rw.feedReversed === true && uri === ATOM && local === "feed");
    stack.push({
      hasChildren: false,
      name: qname,
      local,
      uri,
      start,
      ...(reverse ? { kids: [] } : {}),
    });
  });
  parser.on("text", (t) => {
    pendingText += t;
  });
  parser.on("closetag", () => {
    const node = stack.pop();
    if (!node) return;
    const { local } = node;
    if (rw.extensions && node.uri === ATOM && (local === "feed" || local === "entry")) {
      out.push(extension(stack.length + 1));
      node.hasChildren = true;
    }
    if (rw.atomMetadata && node.uri === ATOM && local === "entry") {
      const link = { rel: "alternate", type: "text/html", href: "http://variant.invalid/item" };
      out.push(`${indent(stack.length + 1)}${atomElement("link", link, "")}`);
      node.hasChildren = true;
    }
    if (node.kids?.length) out.push(reversedRuns(node.kids));
    const end = lexical ? `</${node.name} >` : `</${node.name}${close}`;
    if (node.hasChildren) out.push(`${indent(stack.length)}${end}`);
    else if (lexical && pendingText === "") {
      // `<x ...>` becomes `<x .../>`
      out[out.length - 1] = (out.at(-1) ?? "").replace(/>$/, " />");
    } else {
      const integer =
        rw.numberFraction === true &&
        node.uri === OS &&
        INTEGER_MEMBERS.has(local) &&
        /^-?(0|[1-9][0-9]*)$/.test(pendingText);
      out.push(`${textOf(integer ? `${pendingText}.0` : pendingText)}${end}`);
    }
    pendingText = "";
    if (rw.comments) out.push(NOTHING);
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

/** The options of the rewrites below: the reference's prefixes, nothing else changed. */
const plain = { prefixes: base, indent: false, extensions: false, opensearchSlash: false };

/** Every element in the default namespace, declared where it changes: no prefix at all. */
export const defaultNamespaces = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, namespaces: "default" });
/** Every element with a prefix of its own, declared on it (n0, n1, …): no two alike. */
export const localPrefixes = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, namespaces: "local" });
/** Text in CDATA sections. */
export const cdataText = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, text: "cdata" });
/** Every character of text as a character reference. */
export const referencedText = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, text: "references" });
/** Comments and processing instructions between elements and inside text. */
export const commentsAndPis = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, comments: true });
/** Single quotes, spaces around `=`, `<x />` for empty elements, `</x >`. */
export const otherLexicalForms = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, lexical: true });
/** Atom metadata a feed and entries may carry (RFC 4287 §4.1.1, §4.1.2, §4.2). */
export const atomMetadata = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, atomMetadata: true });
/** xml:lang, xml:base and foreign attributes on Atom and OpenSearch elements (RFC 4287 §6.4). */
export const foreignAttributes = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, foreignAttributes: true });
/** A byte order mark, then the document without its XML declaration (XML 1.0 §2.8, §4.3.3). */
export const byteOrderMark = (body: string, type: string): string =>
  type.includes("xml") ? `\uFEFF${body.replace(/^\s*<\?xml[^?]*\?>\s*/, "")}` : body;
/**
 * Optional Atom elements in each entry, before its content (RFC 4287 §4.1.2: published, summary,
 * rights, category, contributor, link, source; P-FMT-2 lists the elements an entry has, not that
 * it has no others), the source with an id, title, updated and author of its own.
 */
export const entryElements = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, entryElements: true });
/** Each entry's children in reverse order: id, author, updated, title, content. */
export const entryChildrenReversed = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, entryReversed: true });
/** Every attribute value as character references, namespace names included (XML 1.0 §3.3.3). */
export const attributeReferences = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, attributeReferences: true });
/** `<?xml version="1.0" standalone="yes" ?>`: no encoding (UTF-8 by default, XML 1.0 §4.3.3). */
export const standaloneDeclaration = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, standalone: true });
/** Integer members of albums and photos written `20.0`, the JSON text of a server holding doubles. */
export const numberFraction = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, numberFraction: true });
/**
 * Each entry's id and author link with the `urn:guid:` prefix in upper case (`URN:GUID:…`): the
 * scheme and namespace identifier are case-insensitive (RFC 8141 §3.1), so readers take it;
 * P-FMT-2.3 and P-FMT-7 write it in lower case.
 */
export const urnUpperCase = (body: string, type: string): string =>
  type.includes("xml") ? body.replace(/>urn:guid:/g, ">URN:GUID:") : body;
/**
 * `xml:lang="ja"` and `xml:space="preserve"` on every data element and member element (XML 1.0
 * §2.10, §2.12: attributes of the XML namespace, allowed on any element; they add no member).
 */
export const dataXmlAttributes = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, dataXmlAttributes: true });
/**
 * An OpenSearch `Query` element describing the request (OpenSearch 1.1 "The Query element":
 * allowed in a response, as OpenSearch libraries write it), first in the feed.
 */
export const openSearchQuery = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, openSearchQuery: true });
/** Each Atom `title` written `type="text"`: the type an absent attribute means (RFC 4287 §3.1.1). */
export const textType = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, textType: true });
/** The appdata data element named `appData` (P-FMT-3: readers accept it; writers write `appdata`). */
export const appDataCamelCase = (body: string, type: string): string =>
  type.includes("xml") ? body.replace(/<(\/?)((?:[\w.-]+:)?)appdata\b/g, "<$1$2appData") : body;
/** One prefix, `p`, declared on every element for that element's namespace (Namespaces in XML 1.0 §6.1). */
export const reboundPrefix = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, namespaces: "rebound" });
/** Line ends and tabs inside tags and between elements, CRLF line ends (XML 1.0 §2.11, §3.1). */
export const tagWhitespace = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, tagWhitespace: true });
/** The document without an XML declaration and without a byte order mark (XML 1.0 §2.8, §4.3.3). */
export const noDeclaration = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, noDeclaration: true });
/**
 * A byte order mark and the XML declaration's encoding `UTF-16`, for a body the proxy sends in
 * UTF-16 (http-variants.ts's `utf16Atom`: XML 1.0 §4.3.3, processors must read it).
 */
export const utf16Declaration = (body: string, type: string): string =>
  type.includes("xml")
    ? `\uFEFF${body.replace(/^(<\?xml[^?]*encoding=["'])[^"']*/, "$1UTF-16")}`
    : body;
/**
 * The feed's children in reverse order: the OpenSearch elements after the entries, the entries in
 * theirs (RFC 4287 §4.1.1: no significance to the order of a feed's children but the entries';
 * P-FMT-2 orders an entry's children, not the feed's).
 */
export const feedChildrenReversed = (body: string, type: string): string =>
  rewriteXml(body, type, { ...plain, feedReversed: true });
/**
 * The document declared `US-ASCII`, every character outside ASCII as a character reference
 * (XML 1.0 §4.1, §4.3.3): the same bytes are UTF-8 too, so the `charset=utf-8` label still holds.
 */
export const usAsciiDeclaration = (body: string, type: string): string =>
  type.includes("xml")
    ? rewriteXml(body, type, plain)
        .replace(/^(<\?xml[^?]*encoding=["'])[^"']*/, "$1US-ASCII")
        .replace(/[\u0080-\u{10FFFF}]/gu, (c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`)
    : body;
