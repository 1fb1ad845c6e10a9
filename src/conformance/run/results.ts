/**
 * What a run produces: per-check, per-step and per-case results, and the run summary the
 * reporters print. Records hold data (codes, numbers, ids; a check its finding); the reporters
 * make the words (reporters/failure-text.ts, reporters/check-text.ts), and the JSON reporter
 * adds them beside the records.
 */
import type { Level } from "../case-types.js";
import type { CheckResult } from "../checks/check-result.js";
import type { SentRequest } from "../request/sent-request.js";
import type { SkipReason, StopCode } from "../suite/selection.js";
import type { TargetWarning } from "../suite/target.js";
import type { ClientVerdict } from "./client-verdicts.js";
import type { SkippedCase } from "./run-abort.js";
import type { SmokeRefusal } from "./smoke.js";
import type { StepFailure } from "./step-failure.js";

/**
 * What a failing step got back, kept for the report (the status is the step's): the headers and
 * the start of the body as UTF-8 text, at most {@link RESPONSE_EXCERPT_BYTES} bytes of it.
 */
export interface ResponseExcerpt {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The whole body's length in bytes (after any Content-Encoding is undone). */
  readonly bodyBytes: number;
}

/** How much of a failing step's body the report keeps (reporters cut it further to show it). */
export const RESPONSE_EXCERPT_BYTES = 16 * 1024;

/** One step's outcome. */
export interface StepResult {
  readonly index: number;
  /** The step's name in the case. */
  readonly name?: string;
  /** Which repetition of a `repeat` step failed (1-based), of how many. */
  readonly repetition?: { readonly n: number; readonly of: number };
  readonly skipped?: boolean;
  /** A clean-up step (`always`): it runs even after an earlier step failed. */
  readonly always?: true;
  readonly request?: SentRequest;
  readonly status?: number;
  /** What came back, for a step with a failed check. */
  readonly response?: ResponseExcerpt;
  readonly ms: number;
  readonly checks: CheckResult[];
  /** A transport failure (timeout, closed connection, body too large), a refused replay or a case error. */
  readonly failure?: StepFailure;
}

/** Case outcome before expectations: passed, failed, or skipped (with why). */
export type RawOutcome = "pass" | "fail" | "skip";

/** Final outcome after the expectations file. */
export type Outcome = "pass" | "fail" | "expected-fail" | "unexpected-pass" | "skip";

/** One case's result. */
export interface CaseResult {
  readonly id: string;
  readonly description: string;
  readonly level: Level;
  readonly statements: readonly string[];
  readonly outcome: Outcome;
  readonly raw: RawOutcome;
  /** Why a skipped case was not run. */
  readonly skip?: SkipReason;
  /**
   * The first failed check's statement; for a step that failed without one (no answer), the
   * step's `expect.statement`, else the case's first statement.
   */
  readonly failedStatement?: string;
  /** When the case started, in milliseconds after the run started (absent for a case not run). */
  readonly startMs?: number;
  readonly ms: number;
  readonly steps: StepResult[];
}

/** An expectation entry that matched no selected failing case, and why. */
export interface StaleExpectation {
  readonly id: string;
  /** `did-not-run`: the case was selected but did not run; `unknown-case`: no case has the id. */
  readonly code: "did-not-run" | "unknown-case";
}

/** Counts by outcome. */
export interface Summary {
  total: number;
  pass: number;
  fail: number;
  expectedFail: number;
  unexpectedPass: number;
  skip: number;
  staleExpectations: number;
}

/** A whole run. */
export interface RunReport {
  readonly tool: { readonly name: string; readonly version: string };
  readonly target: { readonly baseUrl: string; readonly world: boolean };
  readonly options: {
    readonly level: Level;
    readonly concurrency: number;
    readonly timeoutMs: number;
    /** The largest answer read; a case whose answer was larger is set aside (`answer-over-cap`). */
    readonly maxAnswerBytes: number;
  };
  readonly startedAt: string;
  readonly ms: number;
  readonly cases: CaseResult[];
  readonly summary: Summary;
  /** Expectation entries that matched no selected failing case. */
  readonly staleExpectations: StaleExpectation[];
  /** Roles the suite needs that the target lacks, with the cases skipped for each. */
  readonly missingRoles: { role: string; cases: string[] }[];
  /** Each deployed client style of conformance/clients.json: served, broken, or not judged. */
  readonly clients: readonly ClientVerdict[];
  /**
   * Why the run stopped before every selected case ran (the cases not run are skipped with it),
   * or why it never started (no case at all: aborted-report.ts).
   */
  readonly stopped?: RunStop;
  /** What the target file holds that the run went on with (ids outside §2.1's form). */
  readonly warnings?: readonly TargetWarning[];
  readonly exitCode: number;
}

/**
 * A run that stopped early: the target stopped answering (`silentCases` cases in a row got no
 * answer and a fresh smoke request got none either), the run was interrupted (a SIGINT or
 * SIGTERM), or `--bail` stopped it at case `id`, the first unexpected result (a failure or an
 * unexpected pass). In each, the cases started were finished and no other began.
 */
export type EarlyStop =
  | { readonly code: Extract<StopCode, "target-stopped-answering">; readonly silentCases: number }
  | { readonly code: Extract<StopCode, "interrupted">; readonly signal: "SIGINT" | "SIGTERM" }
  | { readonly code: Extract<StopCode, "bail">; readonly id: string };

/**
 * A run that never started, as its report says it (aborted-report.ts): the smoke request did not
 * get 200 (`unreachable`, with the refusal), or no case was selected (`empty`: how many were set
 * aside, the first few with why). The report then holds no case.
 */
export type NotStarted =
  | { readonly code: "unreachable"; readonly refusal: SmokeRefusal }
  | {
      readonly code: "empty";
      readonly skipped: number;
      readonly examples: readonly SkippedCase[];
    };

/** Why a run's report holds fewer cases than were selected: it stopped early, or never started. */
export type RunStop = EarlyStop | NotStarted;

/** A type guard: `s` says the run never started (its report holds no case). */
export function isNotStarted(s: RunStop | undefined): s is NotStarted {
  return s?.code === "unreachable" || s?.code === "empty";
}

/** Counts `cases` by outcome; `stale` expectation entries are counted as given. */
export function summarise(cases: readonly CaseResult[], stale: number): Summary {
  const s: Summary = {
    total: cases.length,
    pass: 0,
    fail: 0,
    expectedFail: 0,
    unexpectedPass: 0,
    skip: 0,
    staleExpectations: stale,
  };
  for (const c of cases) {
    if (c.outcome === "pass") s.pass++;
    else if (c.outcome === "fail") s.fail++;
    else if (c.outcome === "expected-fail") s.expectedFail++;
    else if (c.outcome === "unexpected-pass") s.unexpectedPass++;
    else s.skip++;
  }
  return s;
}
