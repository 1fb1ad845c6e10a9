/** Finds the step and checks that made a case fail, shared by the reporters. */
import type { CheckResult } from "../checks/check-result.js";
import type { CaseResult, StepResult } from "../run/results.js";

/** The first failing step of a case and its failed checks. */
export function failingStep(
  c: Pick<CaseResult, "steps">,
): { step: StepResult; failed: CheckResult[] } | undefined {
  for (const step of c.steps) {
    const failed = step.checks.filter((k) => !k.ok);
    if (step.failure !== undefined || failed.length) return { step, failed };
  }
  return undefined;
}
