/**
 * What a case asks that the run cannot do, as coded records: a placeholder the run cannot fill
 * (template.ts), an app the target does not have (request-build.ts), a `matches` pattern that is
 * no regular expression once filled. A broken case is the case's fault, not the target's: the
 * run reports it as data (a step's `case-error`, a check's finding) and goes on. The codes are
 * stable and listed once, in {@link CASE_PROBLEMS}; the words are the reporters'
 * (reporters/case-problem-text.ts).
 */

/** The parameters of each case problem code. */
interface CaseProblemParams {
  /** `{name}` names no role, capture or token. */
  "placeholder-unknown": { placeholder: string };
  /** `{role.form}` with a form other than `bare`. */
  "placeholder-form": { placeholder: string; form: string };
  /** `{$name}`: no earlier step captured `name`. */
  "placeholder-not-captured": { placeholder: string; capture: string };
  /** `{$name.member}`: the captured value has no such member. */
  "placeholder-no-member": { placeholder: string; capture: string; member: string };
  /** `{#/pointer}`: the current body has no array or object there. */
  "placeholder-no-count": { placeholder: string; pointer: string };
  /** The request names an app the target file does not give. */
  "app-missing": { app: string };
  /** A `matches` pattern, once filled, is no regular expression (`detail`: the engine's words). */
  "pattern-invalid": { pattern: string; detail: string };
}

/** One of the case problem codes. */
export type CaseProblemCode = keyof CaseProblemParams;

/** What a case asks that the run cannot do: a code and its parameters. */
export type CaseProblem = {
  [C in CaseProblemCode]: { readonly code: C } & Readonly<CaseProblemParams[C]>;
}[CaseProblemCode];

/** A value made from a case's text (placeholders filled, a request built), or why it cannot be. */
export type CaseOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: CaseProblem };

/**
 * Stable case problem codes, each with what it means. Adding a code is fine; renaming one breaks
 * whoever reads the records.
 */
export const CASE_PROBLEMS: { readonly [C in CaseProblemCode]: string } = {
  "placeholder-unknown": "a placeholder that names no role, capture or token the run knows",
  "placeholder-form": "a role placeholder with a form other than `bare`",
  "placeholder-not-captured": "a capture placeholder no earlier step captured",
  "placeholder-no-member": "a capture placeholder naming a member the captured value lacks",
  "placeholder-no-count": "a count placeholder where the body has no array or object",
  "app-missing": "a request for an app the target does not have",
  "pattern-invalid": "a `matches` pattern that is no regular expression once filled",
};
