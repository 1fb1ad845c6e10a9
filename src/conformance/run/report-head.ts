/**
 * What a run's report says of the run itself, apart from its results: the tool, the target, the
 * options in force (the defaults filled in), when it started and how long it took, and the target
 * file's warnings. A finished run (run-suite.ts) and one that never started (aborted-report.ts)
 * say it alike.
 */
import type { Level } from "../case-types.js";
import type { TargetWarning } from "../suite/target.js";
import { DEFAULT_LIMITS } from "../transport/client-limits.js";
import type { RunReport } from "./results.js";
import type { RunOptions } from "./run-suite.js";

/** The report's members that describe the run, not its results. */
export type ReportHead = Pick<
  RunReport,
  "tool" | "target" | "options" | "startedAt" | "ms" | "warnings"
>;

/** The level, concurrency, per-request timeout and answer cap a run takes, each default filled in. */
export function runSettings(opts: RunOptions): {
  readonly level: Level;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly maxAnswerBytes: number;
} {
  return {
    level: opts.level ?? "profile",
    concurrency: opts.concurrency ?? 16,
    timeoutMs: opts.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    maxAnswerBytes: opts.maxAnswerBytes ?? DEFAULT_LIMITS.maxBodyBytes,
  };
}

/**
 * The head of the report of a run with `opts`, started at `startedAt`, that took `ms`; `found`:
 * warnings the run found itself (run/smoke.ts's other app), after the target file's.
 */
export function reportHead(
  opts: RunOptions,
  startedAt: Date,
  ms: number,
  found: readonly TargetWarning[] = [],
): ReportHead {
  const warnings = [...(opts.target.warnings ?? []), ...found];
  return {
    tool: { name: "opensocial-kit", version: opts.version ?? "0.0.0" },
    // a world named but not loaded stops the run before any report (an `input` abort)
    target: { baseUrl: opts.target.baseUrl, world: Boolean(opts.target.world) },
    options: runSettings(opts),
    startedAt: startedAt.toISOString(),
    ms,
    ...(warnings.length ? { warnings } : {}),
  };
}
