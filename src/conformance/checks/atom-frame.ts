/**
 * The Atom framing check (§4.3, P-FMT-2, P-FMT-7), which the codec's lenient reader does not
 * enforce: every entry has `content type="application/xml"`, an empty `title`, an empty
 * `updated`, an `author` with a `url` child, and an `id`; author/url and id are `urn:guid:`
 * values and, for application data and people, the same. Profile cases also require the order
 * content, title, updated, author, id (other elements may come between). Whitespace-only text
 * counts as empty; prefixes never matter.
 */
import { ATOM_NS, OPENSOCIAL_NS } from "../../codecs/atom/namespaces.js";
import { parseXmlDocument } from "../../codecs/atom/read.js";
import { type XmlElement, xpathOf } from "../../codecs/atom/tree.js";
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "../run/results.js";
import { type CheckContext, result } from "./context.js";

const ORDER = ["content", "title", "updated", "author", "id"] as const;
const URN = "urn:guid:";

function atomChildren(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c) => c.uri === ATOM_NS && c.local === local);
}

function isEmpty(el: XmlElement): boolean {
  return el.children.length === 0 && el.text.trim() === "";
}

/** The problems of one entry: [xpath, message]. */
function entryProblems(entry: XmlElement, kind: string, ordered: boolean): [string, string][] {
  const out: [string, string][] = [];
  const at = xpathOf(entry);
  const one = (local: string): XmlElement | undefined => {
    const found = atomChildren(entry, local);
    if (found.length !== 1)
      out.push([at, `entry has ${found.length} atom:${local} elements, expected 1`]);
    return found[0];
  };
  const content = one("content");
  // §4.3: the appdata element is in the OpenSocial namespace (core); P-FMT-7 says the same of
  // person, album and mediaItem (profile).
  const data = content?.children[0];
  if (data && data.uri !== OPENSOCIAL_NS && (kind === "appdata" || ordered))
    out.push([
      xpathOf(data),
      `${data.local} in namespace ${JSON.stringify(data.uri)}, expected ${OPENSOCIAL_NS}`,
    ]);
  if (content && content.attributes.type?.value !== "application/xml")
    out.push([
      xpathOf(content),
      `content type ${JSON.stringify(content.attributes.type?.value ?? null)}, expected "application/xml"`,
    ]);
  for (const local of ["title", "updated"]) {
    const el = one(local);
    if (el && !isEmpty(el))
      out.push([
        xpathOf(el),
        `${local} is not empty (${JSON.stringify(el.text.trim().slice(0, 40))})`,
      ]);
  }
  const author = one("author");
  const url = author ? atomChildren(author, "url") : [];
  if (author && url.length !== 1)
    out.push([xpathOf(author), `author has ${url.length} atom:url children, expected 1`]);
  const id = one("id");
  const idText = id?.text.trim() ?? "";
  const urlText = url[0]?.text.trim() ?? "";
  if (id && !idText.startsWith(URN))
    out.push([xpathOf(id), `id ${JSON.stringify(idText)} is not urn:guid:<id>`]);
  if (url[0] && !urlText.startsWith(URN))
    out.push([xpathOf(url[0]), `author url ${JSON.stringify(urlText)} is not urn:guid:<id>`]);
  if (
    id &&
    url[0] &&
    (kind === "appdata" || kind === "person" || kind === "people") &&
    idText !== urlText
  )
    out.push([
      xpathOf(url[0]),
      `author url ${JSON.stringify(urlText)} differs from id ${JSON.stringify(idText)}`,
    ]);
  if (ordered) {
    const seen = entry.children
      .filter((c) => c.uri === ATOM_NS && (ORDER as readonly string[]).includes(c.local))
      .map((c) => c.local);
    if (seen.join(",") !== ORDER.join(","))
      out.push([at, `entry children in order ${seen.join(", ")}, expected ${ORDER.join(", ")}`]);
  }
  return out;
}

/** Runs the framing check when `expect.atom` is set. */
export function checkAtomFrame(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.atom) return [];
  const kind = expect.atom.kind;
  const statement = expect.statement ?? (kind === "appdata" ? "S-4.3-ATOM.1" : "P-FMT-7.1");
  // The same bounds as the codec (size, depth, DOCTYPE, lone surrogates): target bodies are hostile input.
  const tree = parseXmlDocument(ctx.text());
  if (!tree.ok) return []; // the codec's decoding reports malformed XML, located
  const entries = tree.value.children.filter((c) => c.uri === ATOM_NS && c.local === "entry");
  const problems = entries.flatMap((e) => entryProblems(e, kind, ctx.level === "profile"));
  if (problems.length === 0)
    return [
      result(ctx, {
        check: "atom framing",
        ok: true,
        statement,
        message: `${entries.length} entries framed as §4.3 says`,
      }),
    ];
  return problems.slice(0, 5).map(([xpath, message]) =>
    result(ctx, {
      check: "atom framing",
      ok: false,
      statement,
      location: xpath,
      message: `${xpath}: ${message}`,
    }),
  );
}
