/**
 * `opensocial-kit coverage`: every clause of conformance/statements.json with the cases that
 * cite it. Exits 1 when a testable clause has no case, 2 when the suite does not load.
 */
import { clauseCoverage, loadCases, loadStatements } from "../../conformance/index.js";
import { issueText } from "../../conformance/reporters/issue-text.js";
import { EXIT } from "../../conformance/run/exit-codes.js";
import type { TextSink } from "../text-sink.js";

/** Prints the coverage table; resolves to the exit code. */
export function coverageCommand(
  opts: { json: boolean },
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): number {
  const st = loadStatements();
  if (!st.ok) {
    err.write(`${issueText(st.issues)}\n`);
    return EXIT.USAGE;
  }
  const loaded = loadCases(st.value);
  if (!loaded.ok) {
    err.write(`${issueText(loaded.issues)}\n`);
    return EXIT.USAGE;
  }
  const suite = { cases: loaded.value };
  const cov = clauseCoverage(st.value, suite.cases);
  const pct = cov.testable === 0 ? 0 : Math.floor((1000 * cov.covered) / cov.testable) / 10;
  const untestable = cov.clauses.filter((c) => c.untestable !== undefined);
  const summary = `${cov.covered} of ${cov.testable} testable clauses covered (${pct} %) by ${suite.cases.length} cases; ${untestable.length} untestable; ${st.value.length} statements`;
  if (opts.json) out.write(`${JSON.stringify({ summary, ...cov }, null, 2)}\n`);
  else {
    for (const c of cov.clauses) {
      const mark = c.untestable !== undefined ? "–" : c.cases.length ? "✓" : "✗";
      const tail =
        c.untestable !== undefined
          ? `untestable: ${c.untestable}`
          : `${c.cases.length} case(s)${c.cases.length ? `: ${c.cases.join(", ")}` : ""}`;
      out.write(`${mark} ${c.id} (${c.level}) ${tail}\n`);
    }
    out.write(`${summary}\n`);
    if (cov.uncovered.length) out.write(`uncovered: ${cov.uncovered.join(", ")}\n`);
  }
  return cov.uncovered.length ? 1 : 0;
}
