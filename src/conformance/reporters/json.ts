/**
 * The JSON reporter: the run report (run info, timings, one result per case with its per-step,
 * per-check results, the deployed client styles, why the run stopped early), each record with its
 * words beside it: a case's `message`, `skipReason` and `replay` (the command that re-runs it
 * signed against the judged target), a new failure's ready-made `expectation` entry, a stale
 * expectation's `reason`, a step's `error` next to its structured `failure`, a repeated step's `name` with the repetition (failure-text.ts), each
 * check's `message` in place of its `finding` (check-text.ts), each client style's `message`, the
 * stop's `message`. Signatures and secrets are redacted where they can appear
 * (redacted-report.ts); ids, descriptions and paths never.
 */
import type { CheckResult } from "../checks/check-result.js";
import type { CaseResult, RunReport, StepResult } from "../run/results.js";
import { stopText } from "./abort-text.js";
import { checkText } from "./check-text.js";
import { caseExpectation } from "./expectations-file.js";
import {
  caseMessage,
  clientVerdictText,
  skipText,
  staleText,
  stepFailureText,
  stepLabel,
} from "./failure-text.js";
import { redactReport } from "./redacted-report.js";
import { replayLine } from "./replay.js";
import type { ReportContext, Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

/** A check as the report holds it: its words where the record has its finding (same place). */
function checkView(k: CheckResult): unknown {
  return Object.fromEntries(
    Object.entries(k).map(([key, v]) => (key === "finding" ? ["message", checkText(k)] : [key, v])),
  );
}

function stepView(s: StepResult): unknown {
  const label = stepLabel(s);
  return {
    ...s,
    checks: s.checks.map(checkView),
    ...(label !== undefined ? { name: label } : {}),
    ...(s.failure ? { error: stepFailureText(s.failure) } : {}),
  };
}

function caseView(c: CaseResult, report: RunReport, ctx: ReportContext): unknown {
  const { ms, steps, ...head } = c;
  const message = caseMessage(c);
  const failed = c.outcome === "fail" || c.outcome === "unexpected-pass";
  const expectation = caseExpectation(c);
  return {
    ...head,
    ...(c.skip ? { skipReason: skipText(c.skip) } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(failed ? { replay: replayLine(c.id, report, ctx) } : {}),
    ...(expectation ? { expectation } : {}),
    ms,
    steps: steps.map(stepView),
  };
}

/** The report as the JSON file holds it. */
function reportView(report: RunReport, ctx: ReportContext): unknown {
  const notRun = report.cases.filter((c) => c.skip?.code === "not-run").length;
  return {
    ...report,
    cases: report.cases.map((c) => caseView(c, report, ctx)),
    staleExpectations: report.staleExpectations.map((e) => ({ ...e, reason: staleText(e) })),
    clients: report.clients.map((v) => ({ ...v, message: clientVerdictText(v) })),
    ...(report.warnings
      ? { warnings: report.warnings.map((w) => ({ ...w, message: warningText(w) })) }
      : {}),
    ...(report.stopped
      ? { stopped: { ...report.stopped, message: stopText(report.stopped, notRun) } }
      : {}),
  };
}

/** Renders the report as JSON. */
export const jsonReporter: Reporter = (report, ctx) =>
  `${JSON.stringify(reportView(redactReport(report, ctx.secrets), ctx), null, 2)}\n`;
