/**
 * The command that re-runs one case, signed, against the target that was judged: the run's own
 * command as the CLI was given it (`--target FILE` or `--base-url URL`; the in-process reference
 * when it had neither), then the level, the per-request timeout and the answer cap when they were
 * not the defaults (a slow target's case passes only with the run's own timeout, a large world's
 * only with its cap), then the case. Pasted, it tests the same server again, never the built-in
 * reference in its place.
 */
import type { RunReport } from "../run/results.js";
import { DEFAULT_LIMITS } from "../transport/client-limits.js";
import type { ReportContext } from "./types.js";

/** Quotes `s` for a POSIX shell when it needs it. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The command that runs the suite against the judged target (without a case). */
function runCommandOf(report: Pick<RunReport, "target">, ctx: ReportContext): string {
  return ctx.replay ?? `npx opensocial-kit run --base-url ${shellWord(report.target.baseUrl)}`;
}

/** The command that re-runs case `id` against the judged target. */
export function replayLine(
  id: string,
  report: Pick<RunReport, "target" | "options">,
  ctx: ReportContext,
): string {
  const { level, timeoutMs, maxAnswerBytes } = report.options;
  const levelWord = level === "profile" ? "" : ` --level ${level}`;
  const timeout = timeoutMs === DEFAULT_LIMITS.timeoutMs ? "" : ` --timeout ${timeoutMs}`;
  const cap =
    maxAnswerBytes === DEFAULT_LIMITS.maxBodyBytes ? "" : ` --max-answer-bytes ${maxAnswerBytes}`;
  const grep = `^${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
  return `${runCommandOf(report, ctx)}${levelWord}${timeout}${cap} --grep ${shellWord(grep)}`;
}
