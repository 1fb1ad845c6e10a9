/**
 * One pointer rule per file (as ajv keeps one keyword per file): each reads the values found
 * at a check's pointer and returns a verdict. The engine (../json-pointer.ts) finds the values
 * and turns verdicts into check results.
 */
import type { PointerCheck } from "../../case-types.js";
import type { CaseFiller } from "../../request/template.js";
import type { Leniency } from "../compare.js";
import type { CheckContext } from "../context.js";
import type { RuleFinding } from "../finding-codes.js";
import type { Located } from "./evaluate.js";

/** What a rule sees. */
export interface PointerView {
  readonly check: PointerCheck;
  /** The pointer, placeholders filled. */
  readonly pointer: string;
  readonly matches: readonly Located[];
  /** The pointer maps over elements (`*`). */
  readonly wild: boolean;
  /**
   * Core comparison (numeric strings, "true"/"false") unless the check is strict; a list when the
   * engine asks which renderings a profile check would tolerate (../compare.ts).
   */
  readonly lenient: Leniency;
  /**
   * Fills the check's expected values (the template with the current body, for `{#/pointer}`);
   * a placeholder that cannot be filled is kept as the check's problem, and the engine then
   * reports that instead of the rule's verdict.
   */
  readonly filler: CaseFiller;
  /** What the rules read of the check's context (the Atom key order, for `keys`). */
  readonly ctx: PointerContext;
  /** The document is an Atom body decoded (`expect.atom`), not JSON. */
  readonly atom: boolean;
}

/** The part of a check's context the pointer engine and its rules read. */
export type PointerContext = Pick<CheckContext, "level" | "statement" | "textOrder" | "url">;

/** A rule's judgement. */
export interface Verdict {
  readonly ok: boolean;
  /** What the rule found; the engine adds the pointer. */
  readonly finding: RuleFinding;
  readonly expected?: unknown;
  readonly actual?: unknown;
  readonly location?: string | undefined;
  /** The clause the failure breaks when it is not the check's (a missing paging member). */
  readonly statement?: string | undefined;
}

/** A pointer rule: the check member that selects it, and its judgement. */
export interface PointerRule {
  readonly key: keyof PointerCheck;
  readonly run: (view: PointerView) => Verdict;
}

/** A `count` range. */
export type Bounds = { min?: number; max?: number };

/** Size of an array or object, else undefined. */
export function sizeOf(v: unknown): number | undefined {
  if (Array.isArray(v)) return v.length;
  if (v !== null && typeof v === "object") return Object.keys(v).length;
  return undefined;
}

/** The values a list rule looks at: every match with `*`, else the array at the pointer. */
export function listAt(view: PointerView): unknown {
  return view.wild ? view.matches.map((m) => m.value) : view.matches[0]?.value;
}
