/**
 * The Atom reader `fromAtom(kind, xml, options)`: application data (§4.3) and every other kind
 * with an Atom form (P-FMT-7). Namespace-aware (any prefixes, default or prefixed), `appdata` or `appData`, data members
 * matched by local name with the P-FMT-4 escape undone, unknown extension elements ignored, the
 * OpenSearch namespace with or without its trailing slash (P-FMT-2). Numbers and booleans are
 * typed back through the kind's JSON Schema in lenient mode (P-FMT-6). Never throws.
 *
 * The steps live under reader/: the input and its bounds (input.ts), the feed framing
 * (framing.ts, with find.ts), one assembler per kind (assemblers.ts), and where each issue lies
 * (report.ts, locate.ts).
 */
import { fail, ok, type Result } from "../../model/issue.js";
import { quoted } from "../../model/quote.js";
import { toIssues, withAnyIdForm } from "../../schemas/issues.js";
import { validatorFor } from "../../schemas/registry.js";
import { type AtomKind, type AtomValueMap, isAtomKind } from "./kinds.js";
import type { AtomReadLimits } from "./limits.js";
import { ASSEMBLERS } from "./reader/assemblers.js";
import { entriesOf, isFeed, readHead } from "./reader/framing.js";
import { parseXmlDocument } from "./reader/input.js";
import { type Located, locateIssues } from "./reader/locate.js";
import { Report } from "./reader/report.js";

/** The element tree of untrusted XML with the reader's bounds, for checkers (see reader/input.ts). */
export { answerText, parseXmlDocument } from "./reader/input.js";

/** Options of the Atom reader. */
export interface AtomReadOptions {
  /** Size and depth limits (default 1 MiB, 32). */
  limits?: AtomReadLimits;
  /**
   * Accept ids outside §2.1's `<namespace>:<value>` form (a deployment that names its users
   * `john.doe`); by default such an id is an issue.
   */
  anyIdForm?: boolean;
}

/**
 * Reads an Atom feed of `kind` (P-FMT-2, P-FMT-7) into its JSON-shaped value: `appdata` →
 * {entry, id, startIndex, totalResults}; `albums`/`photos` → {entry[], startIndex, itemsPerPage,
 * totalResults}; `person` → {entry (one person), startIndex, totalResults}; `people` → the
 * `@friends` list. Issues carry a JSON Pointer and the XML path, line and column. Input may be a
 * string or bytes (UTF-8, or UTF-16 after its byte order mark); never throws.
 */
export function fromAtom<K extends AtomKind>(
  kind: K,
  xml: string | Uint8Array,
  options: AtomReadOptions = {},
): Result<AtomValueMap[K]> {
  if (typeof kind !== "string" || !isAtomKind(kind)) {
    return fail([
      {
        code: "unknown-kind",
        pointer: "",
        message: `no Atom form for kind ${quoted(kind)}`,
      },
    ]);
  }
  const tree = parseXmlDocument(xml, options.limits);
  if (!tree.ok) return tree;
  const feed = tree.value;
  const report = new Report();
  if (!isFeed(feed, report)) return fail(report.issues);
  const located: Located = new Map();
  const value = readHead(feed, report, located);
  const entries = entriesOf(feed, report);
  const assembler = ASSEMBLERS[kind];
  assembler.assemble(entries, feed, value, { report, located });
  if (report.issues.length > 0) return fail(report.issues);
  if (assembler.passesFast?.(value)) return ok(value as unknown as AtomValueMap[K]);
  const validator = validatorFor(assembler.schema, "lenient");
  if (!validator(value)) {
    const issues = withAnyIdForm(toIssues(validator.errors, value), options.anyIdForm);
    if (issues.length > 0) return fail(locateIssues(issues, feed, located));
  }
  return ok(value as unknown as AtomValueMap[K]);
}
