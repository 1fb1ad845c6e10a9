/**
 * Names P-FMT-1's selection when it is what broke. At profile level, an answer in the other
 * representation than the request selected (a JSON body to a request for Atom, an Atom body to a
 * request for JSON) fails every body check of the step; those failures belong to the clause of
 * the cue the request used (P-FMT-1.1 for `format`, or its default, JSON; P-FMT-1.2 for Accept
 * without `format`), not to the clause the case is about. A server that ignores `format=atom` is
 * then told so once per case, under one clause, instead of under thirty different ones.
 *
 * The body decides, not the label: an Atom document labelled `application/json` is P-FMT-1.7's
 * failure (the label), which the content-type check names. Only an empty body (a HEAD answer) is
 * judged by its label. At core level the selection is "not shown" (§4.3): nothing changes.
 */
import { acceptNames } from "../../wire/accept.js";
import {
  ATOM_MEDIA_TYPE,
  isJsonFamily,
  JSON_MEDIA_TYPE,
  mediaTypeOf,
} from "../../wire/media-type.js";
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import type { CheckContext } from "./context.js";

/** What the step's request carried that selects a representation (P-FMT-1). */
export interface SelectionCues {
  /** The request target (path and query). */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The two representations of P-FMT-1. */
type Representation = "json" | "atom";

/** The checks a wrong representation does not explain: the status and the expected headers. */
const apart = (check: string): boolean => check === "status" || check.startsWith("header ");

/** Which representation `expect` asks for, if it names one. */
function wanted(expect: ExpectSpec): Representation | undefined {
  if (expect.atom !== undefined || expect.contentType === "atom") return "atom";
  if (expect.contentType === "json") return "json";
  return undefined;
}

/**
 * An Atom feed by its text: the first element, after an XML declaration, comments and processing
 * instructions, is `feed` (any prefix). An HTML page or another XML document is not one.
 */
export function isAtomFeedText(text: string): boolean {
  return /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*<(?:[A-Za-z_][\w.-]*:)?feed[\s/>]/.test(
    text,
  );
}

/**
 * Which representation the answer is in: by its text (JSON, or an Atom feed), else (no body) by
 * its label; undefined for anything else (an HTML error page is no selection of either).
 */
export function served(ctx: CheckContext): Representation | undefined {
  const text = ctx.text();
  const first = /\S/.exec(text)?.[0];
  if (first === "{" || first === "[") return "json";
  if (first !== undefined) return isAtomFeedText(text) ? "atom" : undefined;
  const type = mediaTypeOf(ctx.response.headers["content-type"]);
  if (type === ATOM_MEDIA_TYPE) return "atom";
  if (isJsonFamily(type)) return "json";
  return undefined;
}

/**
 * What the request's cue selects and the clause that says so: `format=json|atom` (P-FMT-1.1),
 * else a bare `Accept: application/atom+xml` (P-FMT-1.2), else, when Accept names neither type,
 * JSON by default (P-FMT-1.1). Undefined for another `format` value (P-FMT-1.3's 400, not a
 * selection) and for an Accept that names a type among others or with a q: what that selects is
 * P-FMT-1's ranking, the very rule the case is about, so its failures keep the case's clauses.
 */
function cueSelection(
  cues: SelectionCues,
): { selects: Representation; clause: string } | undefined {
  const format = new URL(cues.url, "http://target.invalid").searchParams.get("format");
  if (format !== null)
    return format === "json" || format === "atom"
      ? { selects: format, clause: "P-FMT-1.1" }
      : undefined;
  const accept = Object.entries(cues.headers).find(([k]) => k.toLowerCase() === "accept")?.[1];
  if (accept === undefined) return { selects: "json", clause: "P-FMT-1.1" };
  if (accept.trim().toLowerCase() === ATOM_MEDIA_TYPE)
    return { selects: "atom", clause: "P-FMT-1.2" };
  const named = acceptNames(accept, ATOM_MEDIA_TYPE) || acceptNames(accept, JSON_MEDIA_TYPE);
  return named ? undefined : { selects: "json", clause: "P-FMT-1.1" };
}

/**
 * The step's results, with every failing body check filed under the selection clause when the
 * answer came (with a success status) in the representation the request did not select.
 */
export function nameSelection(
  expect: ExpectSpec,
  ctx: CheckContext,
  cues: SelectionCues | undefined,
  results: CheckResult[],
): CheckResult[] {
  if (cues === undefined || ctx.level !== "profile") return results;
  const status = ctx.response.status;
  if (status < 200 || status > 299) return results;
  // No failure to file: neither the body nor the request's cues need reading.
  if (results.every((r) => r.ok || apart(r.check))) return results;
  const want = wanted(expect);
  const got = served(ctx);
  const cue = cueSelection(cues);
  // Only when the request did select what the case wants and the answer is the other one.
  if (want === undefined || got === undefined || cue === undefined) return results;
  if (cue.selects !== want || got === want) return results;
  return results.map((r) => (r.ok || apart(r.check) ? r : { ...r, statement: cue.clause }));
}
