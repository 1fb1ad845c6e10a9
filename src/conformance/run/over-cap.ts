/**
 * An answer larger than the run's cap (`--max-answer-bytes`, 4 MiB by default) is not read, so
 * nothing in it is judged, and no rule of social-api.md or the profile bounds the size of an
 * answer: a correct server with a large world may send one. A case that failed there is set
 * aside as `answer-over-cap` (skipped, its steps kept), not failed under the rule it tests; the
 * run is then not green (exit 5) unless something else failed.
 */
import type { CaseResult } from "./results.js";
import { isOverCap } from "./step-failure.js";

/** True when the first failing step of `r` is an answer over the cap (a replay's first one too). */
export function failedOverCap(r: CaseResult): boolean {
  if (r.raw !== "fail") return false;
  for (const s of r.steps) {
    if (s.failure !== undefined) return isOverCap(s.failure);
    if (s.checks.some((k) => !k.ok)) return false;
  }
  return false;
}
