/**
 * The console reporter: a summary, and for each failure the case, the statement it breaks,
 * expected vs actual located by JSON pointer or XPath, a `curl` line to reproduce the request
 * (secrets redacted) and a ready-made expectation entry.
 */

import { show } from "../checks/compare.js";
import { curlLine, redact } from "../request/curl.js";
import type { CaseResult } from "../run/results.js";
import { expectationEntry } from "../suite/expectations.js";
import { checkText } from "./check-text.js";
import { failingStep } from "./failing-step.js";
import { caseMessage, skipText, staleText, stepFailureText, stepLabel } from "./failure-text.js";
import type { ReportContext, Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

function describeFailure(c: CaseResult, ctx: ReportContext): string[] {
  const lines = [`✗ ${c.id}: ${c.description}`];
  const st = c.failedStatement ?? c.statements[0] ?? "";
  lines.push(`  statement ${st}: ${ctx.statements.get(st) ?? "(unknown statement)"}`);
  const f = failingStep(c);
  const message = caseMessage(c);
  if (c.outcome === "unexpected-pass") lines.push(`  ${message ?? ""}`);
  else if (f) {
    const label = stepLabel(f.step);
    lines.push(
      `  step ${f.step.index + 1}${label ? ` (${label})` : ""}${f.step.status ? `: answered ${f.step.status}` : ""}`,
    );
    if (f.step.failure) lines.push(`  error: ${stepFailureText(f.step.failure)}`);
    for (const k of f.failed.slice(0, 6)) {
      lines.push(`  - ${checkText(k)}`);
      if (k.location !== undefined) lines.push(`    at ${k.location}`);
      if (k.expected !== undefined || k.actual !== undefined)
        lines.push(`    expected ${show(k.expected)}, actual ${show(k.actual)}`);
    }
    if (f.step.request) {
      lines.push(`  reproduce: ${curlLine(f.step.request, ctx.secrets)}`);
      lines.push(`  (signature redacted; to replay signed: opensocial-kit run --grep '^${c.id}$')`);
    }
  }
  if (c.outcome === "fail")
    lines.push(`  expectation entry: ${expectationEntry(c.id, c.failedStatement, message)}`);
  // What the target sent (check messages, values) may quote a secret, as the entry may.
  return lines.map((l) => redact(l, ctx.secrets));
}

/** Renders the end-of-run summary and failures. */
export const consoleReporter: Reporter = (report, ctx) => {
  const out: string[] = [];
  const bad = report.cases.filter((c) => c.outcome === "fail" || c.outcome === "unexpected-pass");
  for (const c of bad) out.push(...describeFailure(c, ctx), "");
  for (const e of report.staleExpectations)
    out.push(`✗ stale expectation ${e.id}: ${staleText(e)}; remove it`, "");
  for (const w of report.warnings ?? []) out.push(`! ${warningText(w)}`);
  for (const m of report.missingRoles)
    out.push(
      `! the target names no ${m.role}: skipped ${m.cases.length} case(s): ${m.cases.join(", ")}`,
    );
  const skipped = report.cases.filter(
    (c) => c.outcome === "skip" && !report.missingRoles.some((m) => m.cases.includes(c.id)),
  );
  for (const c of skipped) out.push(`! skipped ${c.id}: ${skipText(c.skip)}`);
  const s = report.summary;
  out.push(
    `${s.total} cases: ${s.pass} passed, ${s.fail} failed, ${s.expectedFail} failed as expected, ${s.unexpectedPass} passed unexpectedly, ${s.skip} skipped${s.staleExpectations ? `, ${s.staleExpectations} stale expectation(s)` : ""} in ${report.ms} ms against ${report.target.baseUrl} (level ${report.options.level})`,
    report.exitCode === 0 ? "PASS" : "FAIL",
  );
  return `${out.join("\n")}\n`;
};

/** One progress character per finished case. */
export function progressMark(c: CaseResult): string {
  return c.outcome === "pass"
    ? "."
    : c.outcome === "expected-fail"
      ? "x"
      : c.outcome === "skip"
        ? "s"
        : "F";
}
