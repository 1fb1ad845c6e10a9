/**
 * The words for a case problem (request/case-problems.ts), one entry per code: what a step's
 * `case-error` and a check's `pointer-error` or `placeholder-unfilled` say. Problems hold data;
 * only this file words them.
 */
import type { CaseProblem, CaseProblemCode } from "../request/case-problems.js";

type Words = { [C in CaseProblemCode]: (p: Extract<CaseProblem, { code: C }>) => string };

/** The words for each case problem code. */
export const CASE_PROBLEM_WORDS: Words = {
  "placeholder-unknown": (p) => `{${p.placeholder}}: unknown placeholder or role`,
  "placeholder-form": (p) => `{${p.placeholder}}: unknown form ${p.form}`,
  "placeholder-not-captured": (p) => `{${p.placeholder}}: nothing captured as ${p.capture}`,
  "placeholder-no-member": (p) => `{${p.placeholder}}: captured ${p.capture} has no ${p.member}`,
  "placeholder-no-count": (p) => `{${p.placeholder}}: no array or object at ${p.pointer || "/"}`,
  "app-missing": (p) => `the target has no "${p.app}" app`,
  "pattern-invalid": (p) => p.detail,
};

/** A case problem as text. */
export function caseProblemText(p: CaseProblem): string {
  return (CASE_PROBLEM_WORDS[p.code] as (p: CaseProblem) => string)(p);
}
