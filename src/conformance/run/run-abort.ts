/**
 * Why `run`, `diff` or `fuzz` stopped before judging anything, as a typed record:
 * its input is wrong (the suite, the world file), the target refused the smoke request, or
 * nothing was selected. The CLI maps each kind to an exit code (src/cli/abort-exit.ts) and
 * words it with reporters/abort-text.ts; the runner holds no exit number and no sentence.
 */
import type { Issue } from "../../model/issue.js";
import type { SkipReason } from "../suite/selection.js";
import type { ReportHead } from "./report-head.js";
import type { SmokeRefusal } from "./smoke.js";

/** A case set aside, and why. */
export interface SkippedCase {
  readonly id: string;
  readonly skip: SkipReason;
}

/** A run that could not start. */
export type RunAbort =
  /** The suite, statements or world file are wrong (the issues say where). */
  | { readonly abort: "input"; readonly issues: readonly Issue[] }
  /** The smoke request did not get 200; `side` names which of two targets (diff: a or b). */
  | {
      readonly abort: "unreachable";
      readonly refusal: SmokeRefusal;
      readonly side?: "a" | "b";
      /** The run's report head, by runSuite's clock (a run's abort; diff's has none). */
      readonly head?: ReportHead;
    }
  /** No case selected: a run that tests nothing is never green. */
  | {
      readonly abort: "empty";
      readonly skipped: number;
      /** The first few skipped cases. */
      readonly examples: readonly SkippedCase[];
      /** The run's report head, by runSuite's clock. */
      readonly head?: ReportHead;
    };

/** The kinds of {@link RunAbort}. */
export type AbortKind = RunAbort["abort"];

/** A type guard: `x` is a {@link RunAbort}. */
export function isRunAbort(x: unknown): x is RunAbort {
  return typeof x === "object" && x !== null && "abort" in x;
}
