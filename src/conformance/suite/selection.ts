/**
 * Case selection: by level (`core` runs core cases; `profile` runs everything), by id regular
 * expression and by feature; then cases the target cannot run (a missing role, no `other` app,
 * no world) are set aside by name with the reason, a coded record the reporters word.
 */
import type { Level } from "../case-types.js";
import type { CaseSpec } from "./expand-steps.js";
import { needsOtherApp, rolesOf } from "./roles.js";
import type { Target } from "./target.js";

/** What to run. */
interface SelectOptions {
  readonly level: Level;
  readonly grep?: RegExp;
  readonly features?: readonly string[];
}

/** Why a selected case cannot run against the target. */
export type SkipReason =
  /** The target names none of these roles. */
  | { readonly code: "missing-roles"; readonly roles: readonly string[] }
  /** The case signs with the target's second app, and it has none. */
  | { readonly code: "no-other-app" }
  /** A `world` case, and the target has no world file. */
  | { readonly code: "needs-world" }
  /** Selected but not run: the run stopped early, for the reason `stop` names (RunStop). */
  | { readonly code: "not-run"; readonly stop: StopCode }
  /**
   * Started, but not judged: the run stopped because the target stopped answering, and where
   * this case failed its connection was refused (silence.ts).
   */
  | { readonly code: "unanswered" }
  /**
   * Started, but not judged: an answer was larger than the run's cap (`maxAnswerBytes`, the
   * option `--max-answer-bytes`), so it was not read (run/over-cap.ts).
   */
  | { readonly code: "answer-over-cap"; readonly maxAnswerBytes: number };

/**
 * Why a run stopped early: the target stopped answering, a signal interrupted it, or `--bail`
 * stopped it at the first unexpected result.
 */
export type StopCode = "target-stopped-answering" | "interrupted" | "bail";

/** The selection: cases to run, cases skipped and why, roles missing and who needed them. */
interface Selection {
  readonly run: CaseSpec[];
  readonly skipped: { readonly c: CaseSpec; readonly reason: SkipReason }[];
  readonly missingRoles: { role: string; cases: string[] }[];
}

/** Selects cases of `all` for `target`. */
export function selectCases(
  all: readonly CaseSpec[],
  target: Target,
  opts: SelectOptions,
  hasWorld: boolean,
): Selection {
  const chosen = all.filter(
    (c) =>
      (opts.level === "profile" || c.level === "core") &&
      (!opts.grep || opts.grep.test(c.id)) &&
      (!opts.features?.length ||
        opts.features.some((f) => (c.features ?? []).includes(f as never))),
  );
  const run: CaseSpec[] = [];
  const skipped: Selection["skipped"] = [];
  const missing = new Map<string, string[]>();
  for (const c of chosen) {
    const lacking = rolesOf(c).filter((r) => target.users[r] === undefined);
    if (lacking.length) {
      for (const r of lacking) missing.set(r, [...(missing.get(r) ?? []), c.id]);
      skipped.push({ c, reason: { code: "missing-roles", roles: lacking } });
    } else if (needsOtherApp(c) && !target.apps.other) {
      skipped.push({ c, reason: { code: "no-other-app" } });
    } else if ((c.features ?? []).includes("world") && !hasWorld) {
      skipped.push({ c, reason: { code: "needs-world" } });
    } else run.push(c);
  }
  return { run, skipped, missingRoles: [...missing].map(([role, cases]) => ({ role, cases })) };
}
