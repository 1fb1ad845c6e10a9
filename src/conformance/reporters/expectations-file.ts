/**
 * Expectations from a run: a failed case's ready-made entry (the JSON report holds it, the
 * console, JUnit and TAP print it) and the expectations file `run --write-expectations FILE` writes, which
 * `--expectations FILE` takes back: the run's known failures, so the same run against the same
 * target gates green (conformance/README-runners.md, "Expectations file").
 */
import type { CaseResult, RunReport } from "../run/results.js";
import { type ExpectationEntry, expectationFor } from "../suite/expectations.js";
import { caseMessage } from "./failure-text.js";
import { redactReport } from "./redacted-report.js";

/** The ready-made entry of a case that failed unexpectedly; none for any other outcome. */
export function caseExpectation(c: CaseResult): ExpectationEntry | undefined {
  return c.outcome === "fail" ? expectationFor(c.id, c.failedStatement, caseMessage(c)) : undefined;
}

/** The ready-made entry of a case that failed unexpectedly as JSON text to paste; else none. */
export function caseExpectationText(c: CaseResult): string | undefined {
  const entry = caseExpectation(c);
  return entry ? JSON.stringify(entry) : undefined;
}

/**
 * The expectations file for a finished run, given the entries it ran with (`known`): each new
 * failure's ready-made entry, each entry the run used (its case failed as expected) or did not
 * judge (its case not selected or skipped) as it was; an entry whose case passed or that was
 * stale is dropped. Sorted by id; reasons redacted as the reports are. Undefined for a run that
 * stopped early or never started: its failures are not all known.
 */
export function expectationsFileText(
  raw: RunReport,
  known: readonly ExpectationEntry[],
  secrets: readonly string[],
): string | undefined {
  if (raw.stopped) return undefined;
  const report = redactReport(raw, secrets);
  const outcome = new Map(report.cases.map((c) => [c.id, c.outcome]));
  const stale = new Set(report.staleExpectations.map((e) => e.id));
  const kept = known.filter((e) => !stale.has(e.id) && outcome.get(e.id) !== "unexpected-pass");
  const added = report.cases.flatMap((c) => caseExpectation(c) ?? []);
  const expectedFailures = [...kept, ...added].sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  return `${JSON.stringify({ expectedFailures }, null, 2)}\n`;
}
