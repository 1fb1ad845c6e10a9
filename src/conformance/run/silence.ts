/**
 * Telling a target that stopped answering from a slow case. A case is silent when it got no
 * answer at all: none of its steps got a status, and the one that failed timed out or could not
 * connect. After {@link SILENT_CASES_BEFORE_STOP} silent cases in a row the run asks the target
 * once more (the smoke request); when that gets no answer either, the run stops, instead of
 * spending a per-request timeout on every case left (the cases not run are reported as such,
 * exit 3). Any case that got an answer, or a probe that did, starts the count again.
 */
import type { CaseResult } from "./results.js";

/**
 * Silent cases in a row before the run asks the target whether it still answers. Above one slow
 * case or a few (a large body, a held request), below one round of the default concurrency (16),
 * so a target that hangs costs about one timeout, not one per case.
 */
export const SILENT_CASES_BEFORE_STOP = 8;

/** True when `r` got no answer at all: no step got a status, and one timed out or could not connect. */
function isSilent(r: CaseResult): boolean {
  if (r.raw !== "fail" || r.steps.some((s) => s.status !== undefined)) return false;
  const code = r.steps.find((s) => s.failure !== undefined)?.failure?.code;
  return code === "transport-timeout" || code === "transport-connection";
}

/**
 * True when `r` failed because nothing took its connection: the step where it failed could not
 * connect. Once the run has stopped because the target stopped answering, such a failure says
 * nothing of any rule (run-suite.ts sets the case aside as `unanswered`). A connection closed
 * under a request, or a request past its deadline, stays a failure: the request that crashed or
 * hung the target is among those.
 */
export function failedUnanswered(r: CaseResult): boolean {
  if (r.raw !== "fail") return false;
  return r.steps.find((s) => s.failure !== undefined)?.failure?.code === "transport-connection";
}

/** Counts silent cases; `answers` asks the target once more (true: it still answers). */
export function silenceWatch(answers: () => Promise<boolean>): {
  /** Resolves to the count of silent cases in a row when the run must stop, else undefined. */
  onCase(r: CaseResult): Promise<number | undefined>;
} {
  let inRow = 0;
  let probe: Promise<number | undefined> | undefined;
  let stoppedAt: number | undefined;
  return {
    async onCase(r) {
      if (stoppedAt !== undefined) return stoppedAt;
      if (!isSilent(r)) {
        inRow = 0;
        return undefined;
      }
      inRow++;
      if (inRow < SILENT_CASES_BEFORE_STOP) return undefined;
      // Cases finishing together share one probe.
      probe ??= answers().then((alive) => {
        probe = undefined;
        if (alive) {
          inRow = 0;
          return undefined;
        }
        stoppedAt = inRow;
        return stoppedAt;
      });
      return probe;
    },
  };
}
