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
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "../run/results.js";
import type { CheckContext } from "./context.js";

/** What the step's request carried that selects a representation (P-FMT-1). */
export interface SelectionCues {
  /** The request target (path and query). */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The two representations of P-FMT-1. */
export type Representation = "json" | "atom";

/** The checks a wrong representation does not explain: the status and the expected headers. */
const apart = (check: string): boolean => check === "status" || check.startsWith("header ");

/** Which representation `expect` asks for, if it names one. */
function wanted(expect: ExpectSpec): Representation | undefined {
  if (expect.atom !== undefined || expect.contentType === "atom") return "atom";
  if (expect.contentType === "json") return "json";
  return undefined;
}

/** Which representation the answer is in: by its first character, else (no body) by its label. */
export function served(ctx: CheckContext): Representation | undefined {
  const first = /\S/.exec(ctx.text())?.[0];
  if (first === "{" || first === "[") return "json";
  if (first === "<") return "atom";
  if (first !== undefined) return undefined;
  const type = (ctx.response.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/atom+xml") return "atom";
  if (type === "application/json" || type?.endsWith("+json")) return "json";
  return undefined;
}

/** The clause of the cue that selected: `format` (or no cue: JSON by default), else Accept. */
function cueClause(cues: SelectionCues): string {
  const query = cues.url.includes("?") ? cues.url.slice(cues.url.indexOf("?") + 1) : "";
  if (new URLSearchParams(query).has("format")) return "P-FMT-1.1";
  const accept = Object.entries(cues.headers).find(([k]) => k.toLowerCase() === "accept")?.[1];
  return accept?.toLowerCase().includes("application/atom+xml") ? "P-FMT-1.2" : "P-FMT-1.1";
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
  const want = wanted(expect);
  const got = served(ctx);
  if (want === undefined || got === undefined || want === got) return results;
  const clause = cueClause(cues);
  return results.map((r) => (r.ok || apart(r.check) ? r : { ...r, statement: clause }));
}
