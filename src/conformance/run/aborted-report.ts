/**
 * The report of a run that never started: the smoke request did not get 200, or nothing was
 * selected. It holds no case and says why in `stopped`, so every report a CI job publishes is
 * written and shows the run red, instead of a missing file that shows nothing. An `input` abort
 * (the suite or the world file is wrong) has no report: its run has no settled target or suite.
 */

import type { ReportHead } from "./report-head.js";
import { type NotStarted, type RunReport, summarise } from "./results.js";
import type { RunAbort } from "./run-abort.js";

/**
 * The aborts a report can say: the run had its target and suite, and did not start; its head
 * is runSuite's (its options, when it started and how long it took).
 */
type ReportedAbort = Extract<RunAbort, { abort: NotStarted["code"] }> & {
  readonly head: ReportHead;
};

/** A type guard: `a` is a {@link ReportedAbort}. */
export function isReportedAbort(a: RunAbort): a is ReportedAbort {
  return (a.abort === "unreachable" || a.abort === "empty") && a.head !== undefined;
}

/** The abort as the report's stop record. */
function notStarted(a: ReportedAbort): NotStarted {
  return a.abort === "unreachable"
    ? { code: "unreachable", refusal: a.refusal }
    : { code: "empty", skipped: a.skipped, examples: a.examples };
}

/**
 * The report of the run stopped by `abort` before any case: its head, no case, zero counts, the
 * stop, and `exitCode` (the caller's: the CLI maps an abort's kind to its code).
 */
export function abortedReport(abort: ReportedAbort, exitCode: number): RunReport {
  return {
    ...abort.head,
    cases: [],
    summary: summarise([], 0),
    staleExpectations: [],
    missingRoles: [],
    clients: [],
    stopped: notStarted(abort),
    exitCode,
  };
}
