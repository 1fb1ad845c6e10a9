/**
 * The words for a run's failure records, shared by every reporter (console, JUnit, TAP, HTML,
 * and the JSON report's `error` and `message` strings): a step failure by its code, a step's
 * label, and the one-line message of a failed case. Records hold data; only this file words them.
 */
import type { ClientVerdict } from "../run/client-verdicts.js";
import type { CaseResult, RunReport, StaleExpectation, StepResult } from "../run/results.js";
import type { StepFailure, StepFailureCode } from "../run/step-failure.js";
import type { SkipReason } from "../suite/selection.js";
import type { TransportError } from "../transport/http-client.js";
import { caseProblemText } from "./case-problem-text.js";
import { checkText } from "./check-text.js";
import { failingStep } from "./failing-step.js";

/** A transport failure: its code, then what the transport said. */
export function transportText(e: TransportError): string {
  return `${e.code}: ${e.message}`;
}

type Words = { [C in StepFailureCode]: (f: Extract<StepFailure, { code: C }>) => string };

/** The words for each step failure code (one entry per code of STEP_FAILURES). */
export const STEP_FAILURE_WORDS: Words = {
  "transport-timeout": (f) => transportText(f.transport),
  "transport-connection": (f) => transportText(f.transport),
  "transport-closed": (f) => transportText(f.transport),
  "transport-reset": (f) => transportText(f.transport),
  "body-too-large": (f) => transportText(f.transport),
  "bad-encoding": (f) => transportText(f.transport),
  "replay-status": (f) => `replay: the first, valid request failed (status ${f.status})`,
  "replay-transport": (f) => `replay: the first, valid request failed (${f.transport.message})`,
  "case-error": (f) => `case error: ${caseProblemText(f.problem)}`,
};

/** One step failure as text. */
export function stepFailureText(f: StepFailure): string {
  return (STEP_FAILURE_WORDS[f.code] as (f: StepFailure) => string)(f);
}

/** A step's name as shown, with the failed repetition of a `repeat` step. */
export function stepLabel(s: Pick<StepResult, "name" | "repetition">): string | undefined {
  if (s.repetition)
    return `${s.name ?? "step"}, repetition ${s.repetition.n} of ${s.repetition.of}`;
  return s.name;
}

/** Why a case was skipped, as text. */
export function skipText(s: SkipReason | undefined): string {
  if (!s) return "";
  switch (s.code) {
    case "missing-roles":
      return `the target names no ${s.roles.join(", ")}`;
    case "no-other-app":
      return "the target has no apps.other";
    case "needs-world":
      return "needs a world file (target.world)";
    case "not-run":
      return s.stop === "interrupted"
        ? "not run: the run was interrupted"
        : s.stop === "bail"
          ? "not run: --bail stopped the run at the first unexpected result"
          : "not run: the target stopped answering";
    case "unanswered":
      return "not judged: the target stopped answering, and where this case failed its connection was refused";
    case "answer-over-cap":
      return `not judged: an answer was larger than ${s.maxAnswerBytes} bytes and was not read (no rule bounds an answer's size; raise --max-answer-bytes)`;
  }
}

/**
 * The run's note on cases set aside as `answer-over-cap`, or undefined with none: they did not
 * pass, so the run is not green (exit 5) even when nothing failed.
 */
export function overCapText(report: Pick<RunReport, "cases" | "options">): string | undefined {
  const n = report.cases.filter((c) => c.skip?.code === "answer-over-cap").length;
  if (n === 0) return undefined;
  return `${n} case${n === 1 ? " was" : "s were"} not judged: an answer was larger than ${report.options.maxAnswerBytes} bytes (--max-answer-bytes), and a case not judged did not pass: the run is not green`;
}

/** A client style's verdict, as one line's end. */
export function clientVerdictText(v: ClientVerdict): string {
  switch (v.verdict) {
    case "served":
      return `served (${v.of} case${v.of === 1 ? "" : "s"} passed)`;
    case "broken":
      return `would break: first failing case ${v.failing?.id ?? "?"}${v.failing?.statement ? ` (${v.failing.statement})` : ""}`;
    case "not-judged":
      return `not judged (${v.ran} of ${v.of} cases ran)`;
  }
}

/** The heading of the client styles in the console and TAP. */
export const CLIENTS_HEADING = "deployed client styles (conformance/clients.json):";

/**
 * The client styles in one line when the run judged none (at `--level core`, where all their
 * cases are profile cases, or a selection that did not run every case of any style); undefined
 * when it judged one, and the styles are listed one a line.
 */
export function clientsUnjudgedText(
  report: Pick<RunReport, "clients" | "options">,
): string | undefined {
  const { clients } = report;
  if (clients.length === 0 || clients.some((v) => v.verdict !== "not-judged")) return undefined;
  const why = clients.some((v) => v.ran > 0)
    ? "no style had all its cases run (--grep, --feature, or a role or app the target lacks)"
    : report.options.level === "core"
      ? "their cases test profile decisions, which --level core does not run"
      : "none of their cases was selected or could run";
  return `${CLIENTS_HEADING} none of the ${clients.length} judged: ${why}`;
}

/** Why an expectation entry is stale, as text. */
export function staleText(e: StaleExpectation): string {
  return e.code === "did-not-run" ? "the case did not run" : "no case has this id";
}

/** What an unexpected pass says. */
const UNEXPECTED_PASS =
  "passed, but the expectations file lists it as a known failure: remove the entry";

/**
 * The statement a report names for a case that did not pass as expected: the failed check's,
 * or (an unexpected pass, which failed nothing) the case's first.
 */
export function caseStatement(c: Pick<CaseResult, "failedStatement" | "statements">): string {
  return c.failedStatement ?? c.statements[0] ?? "";
}

/**
 * What each clean-up step (`always`) that failed after the case's first failure says, one line
 * each: the case could not undo what it wrote, and the target may still hold it (a later run's
 * cases on that data may fail for it).
 */
export function cleanupFailures(c: Pick<CaseResult, "steps">): string[] {
  const first = failingStep(c)?.step;
  return c.steps
    .filter((s) => s.always && s !== first && (s.failure || s.checks.some((k) => !k.ok)))
    .map(
      (s) =>
        `clean-up ${stepWhat(s)} failed too: ${whyFailed(s)}; the target may still hold what the case wrote`,
    );
}

/** A step by number and the name the case gives it: `step 2 (write)`. */
function stepWhat(s: StepResult): string {
  return `step ${s.index + 1}${s.name ? ` (${s.name})` : ""}`;
}

/** Why a failed step failed: its failure (no answer, …) or its first failed check. */
function whyFailed(s: StepResult): string {
  const bad = s.checks.find((k) => !k.ok);
  return s.failure ? stepFailureText(s.failure) : bad ? checkText(bad) : "";
}

/**
 * A case's one-line message: for a failed case, its first failing step (by number and the name
 * the case gives it) and that step's failure or first failed check; for an unexpected pass, why
 * it fails the run; nothing otherwise.
 */
export function caseMessage(c: Pick<CaseResult, "outcome" | "steps">): string | undefined {
  if (c.outcome === "unexpected-pass") return UNEXPECTED_PASS;
  if (c.outcome !== "fail" && c.outcome !== "expected-fail") return undefined;
  const f = failingStep(c);
  return f ? `${stepWhat(f.step)}: ${whyFailed(f.step)}` : undefined;
}
