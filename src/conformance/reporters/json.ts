/**
 * The JSON reporter: the run report (run info, timings, one result per case with its per-step,
 * per-check results), each record with its words beside it: a case's `message` and
 * `skipReason`, a stale expectation's `reason`, a step's `error`
 * next to its structured `failure`, a repeated step's `name` with the repetition
 * (failure-text.ts), and each check's `message` in place of its `finding` (check-text.ts).
 * Every string is redacted of signatures and secrets.
 */
import { redact } from "../request/curl.js";
import type { CaseResult, CheckResult, RunReport, StepResult } from "../run/results.js";
import { checkText } from "./check-text.js";
import { caseMessage, skipText, staleText, stepFailureText, stepLabel } from "./failure-text.js";
import type { Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)]));
  return value;
}

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

function caseView(c: CaseResult): unknown {
  const { ms, steps, ...head } = c;
  const message = caseMessage(c);
  return {
    ...head,
    ...(c.skip ? { skipReason: skipText(c.skip) } : {}),
    ...(message !== undefined ? { message } : {}),
    ms,
    steps: steps.map(stepView),
  };
}

/** The report as the JSON file holds it. */
function reportView(report: RunReport): unknown {
  return {
    ...report,
    cases: report.cases.map(caseView),
    staleExpectations: report.staleExpectations.map((e) => ({ ...e, reason: staleText(e) })),
    ...(report.warnings
      ? { warnings: report.warnings.map((w) => ({ ...w, message: warningText(w) })) }
      : {}),
  };
}

/** Renders the report as JSON. */
export const jsonReporter: Reporter = (report, ctx) =>
  `${JSON.stringify(redactDeep(reportView(report), ctx.secrets), null, 2)}\n`;
