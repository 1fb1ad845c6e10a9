/**
 * Atom bodies (§4.3, P-FMT-2, P-FMT-7) are decoded through the Atom codec into the JSON shape
 * of their kind, so that the same pointer checks apply; a codec issue becomes a failure located
 * by XPath (with line and column). Ids outside §2.1's form are decoded: the cases about §2.1
 * judge the form.
 */
import { fromAtom } from "../../codecs/atom/index.js";
import type { Issue } from "../../model/issue.js";
import type { ExpectSpec } from "../case-types.js";
import { ANSWER_ATOM_LIMITS } from "./answer-limits.js";
import type { DecodedBody } from "./context.js";
import { entryClause } from "./entry-clause.js";
import { pagingClause } from "./paging-clause.js";

/**
 * The P-FMT-7 clause a decoding issue of people, albums or photos breaks, when the codec can say
 * (undefined otherwise: the case's own clause): a boolean or number that is not its JSON text
 * (P-FMT-7.8), an array member not one element per item (P-FMT-7.6), an address not an element
 * with one child per member (P-FMT-7.7), a feed without the itemsPerPage its JSON has (P-FMT-7.1),
 * the §2 clause of an entry's member (entry-clause.ts); for every kind, the paging clause of a
 * paging member's issue (paging-clause.ts) and the clause of a framing issue (framingClause).
 */
export function atomIssueClause(
  kind: NonNullable<ExpectSpec["atom"]>["kind"],
  issue: Issue | undefined,
): string | undefined {
  if (issue === undefined) return undefined;
  const paging = pagingClause(kind, issue, "atom");
  if (paging !== undefined) return paging;
  const framing = framingClause(kind, issue);
  if (framing !== undefined) return framing;
  if (kind === "appdata") return undefined;
  if (issue.code === "missing-member" && issue.pointer === "/itemsPerPage") return "P-FMT-7.1";
  if (issue.code !== "invalid-type") return entryClause(kind, issue.pointer);
  if (/^must be (boolean|integer|number)\b/.test(issue.message)) return "P-FMT-7.8";
  if (/\/addresses\/\d+$/.test(issue.pointer)) return "P-FMT-7.7";
  return /^must be array\b/.test(issue.message) ? "P-FMT-7.6" : entryClause(kind, issue.pointer);
}

/** The codes of the Atom reader's framing issues: an element missing, in another namespace, or an id not `urn:guid:`. */
const FRAMING_CODES: ReadonlySet<string> = new Set([
  "atom-missing",
  "atom-namespace",
  "atom-bad-id",
]);

/**
 * The clause a framing issue breaks, by the element it concerns: application data's Atom form
 * is §4.3's (S-4.3-ATOM.1, its OpenSearch elements S-4.3-ATOM.2); people, albums and photos
 * follow P-FMT-7: the data element (P-FMT-7.2), the entry id (P-FMT-7.3), the author
 * (P-FMT-7.5), the feed and its OpenSearch elements (P-FMT-7.1). Undefined for other issues.
 */
function framingClause(kind: string, issue: Issue): string | undefined {
  if (!FRAMING_CODES.has(issue.code)) return undefined;
  const xpath = issue.xml?.xpath ?? "";
  // a missing child is reported at its parent: "entry has no author"
  const missing = /^entry has no (\w+)$/.exec(issue.message)?.[1];
  const element = missing !== undefined ? `${xpath}/${missing}` : xpath;
  const opensearch = /^\/feed\/(startIndex|itemsPerPage|totalResults)$/.test(element);
  if (kind === "appdata") return opensearch ? "S-4.3-ATOM.2" : "S-4.3-ATOM.1";
  if (element.startsWith("/feed/entry/content")) return "P-FMT-7.2";
  if (element === "/feed/entry/id") return "P-FMT-7.3";
  if (element.startsWith("/feed/entry/author")) return "P-FMT-7.5";
  return "P-FMT-7.1";
}

/**
 * Decodes an Atom body of `kind`: `text` is how it reads (to tell an empty or JSON answer), `xml`
 * what the codec reads, its bytes where there are some (UTF-8 or UTF-16, XML 1.0 §4.3.3).
 */
export function decodeAtom(
  kind: NonNullable<ExpectSpec["atom"]>["kind"],
  text: string,
  xml: string | Uint8Array = text,
): DecodedBody {
  if (text === "")
    return { ok: false, finding: { code: "body-missing", expected: "an Atom feed" } };
  // A JSON answer to a request for Atom: say so, rather than quote the XML parser's complaint.
  if (/^\s*[{[]/.test(text)) return { ok: false, finding: { code: "body-is-json", kind } };
  // The id form is the cases about §2.1's to judge (their own checks), not every Atom case's.
  const r = fromAtom(kind, xml, { anyIdForm: true, limits: ANSWER_ATOM_LIMITS });
  if (r.ok) return { ok: true, value: r.value };
  const first = r.issues[0];
  const where = first?.xml
    ? `${first.xml.xpath} (line ${first.xml.line}, column ${first.xml.column})`
    : first?.pointer;
  return {
    ok: false,
    finding: {
      code: "body-not-atom",
      kind,
      detail: first?.message,
      issue: first?.code,
      more: Math.max(0, r.issues.length - 1),
    },
    location: where,
    statement: atomIssueClause(kind, first),
  };
}
