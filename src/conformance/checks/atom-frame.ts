/**
 * The Atom framing check (§4.3, P-FMT-2, P-FMT-7), which the codec's lenient reader does not
 * enforce: every entry has `content type="application/xml"` (a media type: any case, parameters
 * allowed), an empty `title`, an empty
 * `updated`, an `author` with a `url` child (in any namespace; core also takes an Atom `uri`,
 * P-FMT-5), and an `id`; author/url and id are `urn:guid:`
 * values (core takes the prefix in any letter case, as readers do, RFC 8141 §3.1; profile cases
 * require it lower case, as P-FMT-2.3 and P-FMT-7 write it) and, for application data and
 * people, the same. Profile cases also require the order
 * content, title, updated, author, id (other elements may come between). Whitespace-only text
 * counts as empty; prefixes never matter.
 */
import { ATOM_NS, OPENSOCIAL_NS } from "../../codecs/atom/namespaces.js";
import { parseXmlDocument } from "../../codecs/atom/read.js";
import { type XmlElement, xpathOf } from "../../codecs/atom/tree.js";
import { fromUrnGuid, toUrnGuid } from "../../model/ids.js";
import { mediaTypeOf, XML_MEDIA_TYPE } from "../../wire/media-type.js";
import type { ExpectSpec } from "../case-types.js";
import { ANSWER_ATOM_LIMITS } from "./answer-limits.js";
import { authorUrls } from "./atom-author.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";
import type { Finding } from "./finding-codes.js";

const ORDER = ["content", "title", "updated", "author", "id"] as const;
const URN = "urn:guid:";

/** A framing problem: a finding with the XPath of where it is. */
type Problem = Extract<Finding, { xpath: string }>;

function atomChildren(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c) => c.uri === ATOM_NS && c.local === local);
}

function isEmpty(el: XmlElement): boolean {
  return el.children.length === 0 && el.text.trim() === "";
}

/** A `urn:guid:` text with its prefix written lower case (RFC 8141 §3.1); any other text as it is. */
function urnOf(text: string): string {
  const id = fromUrnGuid(text);
  return id === undefined ? text : toUrnGuid(id);
}

/** The problems of one entry, each located by XPath. */
function entryProblems(entry: XmlElement, kind: string, ordered: boolean): Problem[] {
  const out: Problem[] = [];
  const at = xpathOf(entry);
  const one = (local: string): XmlElement | undefined => {
    const found = atomChildren(entry, local);
    if (found.length !== 1)
      out.push({ code: "atom-frame-count", xpath: at, local, count: found.length });
    return found[0];
  };
  const content = one("content");
  // §4.3: the appdata element is in the OpenSocial namespace (core); P-FMT-7 says the same of
  // person, album and mediaItem (profile).
  const data = content?.children[0];
  if (data && data.uri !== OPENSOCIAL_NS && (kind === "appdata" || ordered))
    out.push({
      code: "atom-frame-namespace",
      xpath: xpathOf(data),
      local: data.local,
      uri: data.uri,
    });
  // RFC 4287 §4.1.3.1: the attribute is a media type, whose type and subtype are
  // case-insensitive (RFC 6838 §4.2) and which may carry parameters.
  if (content && mediaTypeOf(content.attributes.type?.value) !== XML_MEDIA_TYPE)
    out.push({
      code: "atom-frame-content-type",
      xpath: xpathOf(content),
      type: content.attributes.type?.value ?? null,
    });
  for (const local of ["title", "updated"]) {
    const el = one(local);
    if (el && !isEmpty(el))
      out.push({
        code: "atom-frame-not-empty",
        xpath: xpathOf(el),
        local,
        text: el.text.trim().slice(0, 40),
      });
  }
  const author = one("author");
  // P-FMT-2/P-FMT-5: `url` in any namespace; core also takes an Atom `uri` (readers' tolerance).
  const url = author ? authorUrls(author, !ordered) : [];
  if (author && url.length !== 1)
    out.push({ code: "atom-frame-author-url-count", xpath: xpathOf(author), count: url.length });
  const id = one("id");
  const idText = id?.text.trim() ?? "";
  const urlText = url[0]?.text.trim() ?? "";
  // Core: the readers' tolerance (the prefix in any case); profile: the writers' rule, lower case.
  const isUrn = (text: string): boolean =>
    ordered ? text.startsWith(URN) : fromUrnGuid(text) !== undefined;
  if (id && !isUrn(idText))
    out.push({ code: "atom-frame-id-not-urn", xpath: xpathOf(id), id: idText });
  if (url[0] && !isUrn(urlText))
    out.push({ code: "atom-frame-url-not-urn", xpath: xpathOf(url[0]), url: urlText });
  if (
    id &&
    url[0] &&
    (kind === "appdata" || kind === "person" || kind === "people") &&
    urnOf(idText) !== urnOf(urlText)
  ) {
    // Which of the two is wrong: for people, the one that is not the person's own id (located
    // there, so that P-FMT-7.3 or P-FMT-7.5 is named); the url when it cannot be told.
    const own = data?.children.find((c) => c.uri === OPENSOCIAL_NS && c.local === "id");
    const idWrong = own !== undefined && toUrnGuid(own.text.trim()) === urnOf(urlText);
    out.push({
      code: "atom-frame-url-differs",
      xpath: xpathOf(idWrong ? id : url[0]),
      url: urlText,
      id: idText,
    });
  }
  if (ordered) {
    const seen = entry.children
      .filter((c) => c.uri === ATOM_NS && (ORDER as readonly string[]).includes(c.local))
      .map((c) => c.local);
    if (seen.join(",") !== ORDER.join(","))
      out.push({ code: "atom-frame-order", xpath: at, seen, order: ORDER });
  }
  return out;
}

/**
 * The clause a problem of people, albums and photos breaks: each has its own clause in P-FMT-7
 * (the entry id P-FMT-7.3, the author's url P-FMT-7.5, the data element P-FMT-7.2; the framing
 * P-FMT-7.1, the statement's first).
 */
function peopleClause(p: Problem): string | undefined {
  switch (p.code) {
    case "atom-frame-id-not-urn":
      return "P-FMT-7.3";
    case "atom-frame-url-differs":
      // located at the wrong one of the two (entryProblems)
      return /\/([\w.-]+:)?id$/.test(p.xpath) ? "P-FMT-7.3" : "P-FMT-7.5";
    case "atom-frame-author-url-count":
    case "atom-frame-url-not-urn":
      return "P-FMT-7.5";
    case "atom-frame-namespace":
      return "P-FMT-7.2";
    case "atom-frame-order":
      return "P-FMT-7.1";
    default:
      return undefined;
  }
}

/**
 * The clause a problem of application data breaks when only the profile's writers' rules see it
 * (core readers take it): an author with an Atom `uri` for its `url` (P-FMT-5 lets readers
 * accept it), an id or url whose `urn:guid:` prefix is not lower case (RFC 8141 §3.1 lets
 * readers take any case) and the children's order are P-FMT-2.3's, whatever the case is about,
 * not §4.3's, which core checks read with the readers' tolerance.
 */
function appDataWritersClause(code: Problem["code"]): string | undefined {
  switch (code) {
    case "atom-frame-author-url-count":
    case "atom-frame-id-not-urn":
    case "atom-frame-url-not-urn":
    case "atom-frame-order":
      return "P-FMT-2.3";
    default:
      return undefined;
  }
}

/** Runs the framing check when `expect.atom` is set. */
export function checkAtomFrame(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.atom) return [];
  const kind = expect.atom.kind;
  const statement = expect.statement ?? (kind === "appdata" ? "S-4.3-ATOM.1" : "P-FMT-7.1");
  // The same bounds as the codec (size, depth, DOCTYPE, lone surrogates): target bodies are hostile input.
  const tree = parseXmlDocument(ctx.response.body, ANSWER_ATOM_LIMITS);
  if (!tree.ok) return []; // the codec's decoding reports malformed XML, located
  const entries = tree.value.children.filter((c) => c.uri === ATOM_NS && c.local === "entry");
  const profile = ctx.level === "profile";
  const problems = entries.flatMap((e) => entryProblems(e, kind, profile));
  /** The problems core's reading also has (keyed by code and place): they keep the case's clause. */
  const core = new Set(
    profile && kind === "appdata"
      ? entries.flatMap((e) => entryProblems(e, kind, false)).map((p) => `${p.code} ${p.xpath}`)
      : [],
  );
  const clauseOf = (p: Problem): string =>
    (kind !== "appdata"
      ? peopleClause(p)
      : profile && !core.has(`${p.code} ${p.xpath}`)
        ? appDataWritersClause(p.code)
        : undefined) ?? statement;
  if (problems.length === 0)
    return [
      result(ctx, {
        check: "atom framing",
        ok: true,
        statement,
        finding: { code: "atom-frame-ok", entries: entries.length },
      }),
    ];
  return problems.slice(0, 5).map((finding) =>
    result(ctx, {
      check: "atom framing",
      ok: false,
      statement: clauseOf(finding),
      location: finding.xpath,
      finding,
    }),
  );
}
