/**
 * The writers' rules of the Atom form (profile level only; readers tolerate more, so core cases
 * never apply them): P-FMT-2 the OpenSearch namespace exactly as OpenSocial containers wrote it
 * (no trailing slash); P-FMT-3 the data element named `appdata` (readers also take `appData`)
 * and application-data keys in the OpenSocial namespace; P-FMT-4 name escapes with upper-case
 * hex digits, no key element named with a first character that needs one, and no escape of a
 * digit, `.` or `-` after the first character; P-FMT-7 the author
 * of album and photo entries is the album's owner (`expect.atom.owner`, or the album entry's own `ownerId`). Prefixes never matter.
 */
import {
  ATOM_NS,
  isOpenSearchNs,
  OPENSOCIAL_NS,
  OSEARCH_NS,
} from "../../codecs/atom/namespaces.js";
import { parseXmlDocument } from "../../codecs/atom/read.js";
import { type XmlElement, xpathOf } from "../../codecs/atom/tree.js";
import type { ExpectSpec } from "../case-types.js";
import { fillText } from "../request/template.js";
import { ANSWER_ATOM_LIMITS } from "./answer-limits.js";
import { authorUrls } from "./atom-author.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";
import type { Finding } from "./finding-codes.js";

/** One broken writers' rule: the statement and the finding, located by XPath. */
type Problem = [string, Extract<Finding, { xpath: string }>];

const LOWER_ESCAPE = /_x(?=[0-9A-Fa-f]{4}_)([0-9A-Fa-f]{4})_/g;
/** Key characters (P-DATA-1.1) that offend as a first character only (P-FMT-4.1). */
const FIRST_ONLY_OFFENDING = /^[0-9.-]/;
const URN = "urn:guid:";

/** The character a name escape's four hex digits stand for. */
const decoded = (hex: string): string => String.fromCharCode(parseInt(hex, 16));

function* walk(el: XmlElement): Generator<XmlElement> {
  yield el;
  for (const c of el.children) yield* walk(c);
}

function child(el: XmlElement, uri: string, local: string): XmlElement | undefined {
  return el.children.find((c) => c.uri === uri && c.local === local);
}

/** P-FMT-2.1: every OpenSearch element in the namespace without the trailing slash. */
function openSearchProblems(root: XmlElement): Problem[] {
  const out: Problem[] = [];
  for (const el of walk(root))
    if (isOpenSearchNs(el.uri) && el.uri !== OSEARCH_NS)
      out.push([
        "P-FMT-2.1",
        { code: "atom-writer-opensearch-ns", xpath: xpathOf(el), uri: el.uri },
      ]);
  return out;
}

/** P-FMT-3.1 and P-FMT-4.1: the children of each `appdata` element. */
function keyProblems(entry: XmlElement): Problem[] {
  const out: Problem[] = [];
  const content = child(entry, ATOM_NS, "content");
  const data = content?.children.find((c) => c.local === "appdata" || c.local === "appData");
  if (data?.local === "appData")
    out.push([
      "P-FMT-3.1",
      { code: "atom-writer-data-name", xpath: xpathOf(data), local: data.local },
    ]);
  for (const key of data?.children ?? []) {
    if (key.uri !== OPENSOCIAL_NS)
      out.push([
        "P-FMT-3.1",
        { code: "atom-writer-key-namespace", xpath: xpathOf(key), uri: key.uri },
      ]);
    // P-FMT-4.1: a key starting with a digit, `-` or `.` (unescaped) is not an XML name: the
    // reader refuses the document (`<-k>`: XML 1.0 [4]; `<o:-k>`: Namespaces in XML [7]), and the
    // decoding reports it, located.
    const escapes = [...key.local.matchAll(LOWER_ESCAPE)];
    for (const m of escapes) {
      if (m[1] === m[1]?.toUpperCase()) continue;
      // Lower-case hex: the escape of a first character that needs one is P-FMT-4.1's upper-case
      // rule broken; any other (a letter, or a character no key holds) is no escape a writer
      // makes there, but a literal _xhhhh_ whose _ went unescaped (P-FMT-4.3).
      const needed = m.index === 0 && FIRST_ONLY_OFFENDING.test(decoded(m[1] ?? ""));
      out.push(
        needed
          ? ["P-FMT-4.1", { code: "atom-writer-name-escape", xpath: xpathOf(key), escape: m[0] }]
          : [
              "P-FMT-4.3",
              { code: "atom-writer-literal-unescaped", xpath: xpathOf(key), escape: m[0] },
            ],
      );
    }
    // P-FMT-4.1 escapes an offending character only: after the first, a digit, `.` or `-` is a
    // name character, and escaping it hides the key from readers that match by local name
    // (P-FMT-3). Letters are not judged: `_x0041_` may be a literal key whose `_` went
    // unescaped (P-FMT-4.3), which the case's read-back names. One finding a key.
    const needless = escapes.find(
      (m) => m.index > 0 && FIRST_ONLY_OFFENDING.test(decoded(m[1] ?? "")),
    );
    if (needless)
      out.push([
        "P-FMT-4.1",
        { code: "atom-writer-name-escape-needless", xpath: xpathOf(key), escape: needless[0] },
      ]);
  }
  return out;
}

/** P-FMT-7.5: the entry author of albums and photos is the album owner. */
function authorProblems(entry: XmlElement, kind: string, owner: string | undefined): Problem[] {
  if (kind !== "albums" && kind !== "photos") return [];
  const author = child(entry, ATOM_NS, "author");
  const url = author ? authorUrls(author, false)[0] : undefined;
  const data = child(entry, ATOM_NS, "content")?.children[0];
  const expected =
    owner ??
    (kind === "albums" && data ? child(data, OPENSOCIAL_NS, "ownerId")?.text.trim() : undefined);
  if (!url || expected === undefined) return [];
  const text = url.text.trim();
  return text === URN + expected
    ? []
    : [
        [
          "P-FMT-7.5",
          { code: "atom-writer-author-owner", xpath: xpathOf(url), url: text, owner: expected },
        ],
      ];
}

/** Runs the writers' rules when `expect.atom` is set, at profile level. */
export function checkAtomWriter(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.atom || ctx.level !== "profile") return [];
  const tree = parseXmlDocument(ctx.response.body, ANSWER_ATOM_LIMITS);
  if (!tree.ok) return []; // the codec's decoding reports malformed XML, located
  const kind = expect.atom.kind;
  const filled =
    expect.atom.owner === undefined ? undefined : fillText(expect.atom.owner, ctx.template);
  if (filled?.ok === false)
    return [
      result(ctx, {
        check: "atom writing",
        ok: false,
        finding: { code: "placeholder-unfilled", problem: filled.problem },
      }),
    ];
  const owner = filled?.value;
  const entries = tree.value.children.filter((c) => c.uri === ATOM_NS && c.local === "entry");
  const problems = [
    ...openSearchProblems(tree.value),
    ...entries.flatMap((e) => [
      ...(kind === "appdata" ? keyProblems(e) : []),
      ...authorProblems(e, kind, owner),
    ]),
  ];
  if (problems.length === 0)
    return [
      result(ctx, {
        check: "atom writing",
        ok: true,
        statement: "P-FMT-2.1",
        finding: { code: "atom-writer-ok" },
      }),
    ];
  return problems.slice(0, 5).map(([statement, finding]) =>
    result(ctx, {
      check: "atom writing",
      ok: false,
      statement,
      location: finding.xpath,
      finding,
    }),
  );
}
