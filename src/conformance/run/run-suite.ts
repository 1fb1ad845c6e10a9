/**
 * A whole run: load and check the suite, select cases for the target, send the smoke request,
 * schedule the cases, apply the expectations file, judge the deployed client styles and compute
 * the report's exit code (exit-codes.ts); or stop before any case with a typed abort
 * (run-abort.ts). A target that stops answering during the run stops it (silence.ts): the
 * cases not run are reported as such and the exit code is 3. `--bail` stops it at the first
 * unexpected result the same way, the cases not run reported, with the exit code of a failure.
 */

import { parsePlatformId } from "../../model/ids.js";
import type { Level } from "../case-types.js";
import { clockedTime, type TargetClock } from "../request/target-clock.js";
import { loadClientStyles } from "../suite/client-styles.js";
import type { CaseSpec } from "../suite/expand-steps.js";
import type { ExpectationEntry } from "../suite/expectations.js";
import { loadCases } from "../suite/load-cases.js";
import { loadStatements } from "../suite/load-statements.js";
import { type SkipReason, selectCases } from "../suite/selection.js";
import { suiteDir } from "../suite/suite-location.js";
import type { Target, TargetWarning } from "../suite/target.js";
import { loadWorldFacts } from "../suite/world-facts.js";
import { createHttpClient } from "../transport/http-client.js";
import { clientVerdicts } from "./client-verdicts.js";
import { EXIT } from "./exit-codes.js";
import { failedOverCap } from "./over-cap.js";
import { reportHead, runSettings } from "./report-head.js";
import {
  type CaseResult,
  type EarlyStop,
  type Outcome,
  type RunReport,
  type StaleExpectation,
  summarise,
} from "./results.js";
import type { RunAbort } from "./run-abort.js";
import { type CaseEnv, runCase } from "./run-case.js";
import { schedule } from "./scheduler.js";
import { failedUnanswered, silenceWatch } from "./silence.js";
import { otherAppWarning, smoke } from "./smoke.js";

/** Options of {@link runSuite}. */
export interface RunOptions {
  readonly target: Target;
  readonly level?: Level;
  readonly grep?: RegExp;
  readonly features?: readonly string[];
  readonly expectations?: readonly ExpectationEntry[];
  readonly timeoutMs?: number;
  /** The largest answer read (default 4 MiB); a case whose answer is larger is not judged. */
  readonly maxAnswerBytes?: number;
  readonly concurrency?: number;
  readonly bail?: boolean;
  readonly suiteDir?: string;
  readonly version?: string;
  /** Called once the cases are selected, with how many will run (progress output). */
  readonly onStart?: (total: number) => void;
  /** Called as each case finishes (progress output). */
  readonly onCase?: (r: CaseResult) => void;
  /**
   * Aborted (its reason `"SIGINT"` or `"SIGTERM"`): no further case starts, the ones started
   * finish, and the report says the run was interrupted and lists the cases not run.
   */
  readonly interrupt?: AbortSignal;
}

/** Runs the suite; resolves to a report or to why the run could not start. */
export async function runSuite(opts: RunOptions): Promise<RunReport | RunAbort> {
  const started = new Date();
  const t0 = performance.now();
  const { level, timeoutMs, maxAnswerBytes, concurrency } = runSettings(opts);
  const st = loadStatements(opts.suiteDir);
  if (!st.ok) return { abort: "input", issues: st.issues };
  const loaded = loadCases(st.value, opts.suiteDir ?? suiteDir());
  if (!loaded.ok) return { abort: "input", issues: loaded.issues };
  const suite = loaded.value;
  const styles = loadClientStyles(new Set(suite.map((c) => c.id)), opts.suiteDir ?? suiteDir());
  if (!styles.ok) return { abort: "input", issues: styles.issues };
  let world: Record<string, unknown> | undefined;
  if (opts.target.world) {
    const w = loadWorldFacts(opts.target);
    if (!w.ok) return { abort: "input", issues: w.issues };
    world = w.value;
  }
  const sel = selectCases(
    suite,
    opts.target,
    {
      level,
      ...(opts.grep ? { grep: opts.grep } : {}),
      ...(opts.features ? { features: opts.features } : {}),
    },
    world !== undefined,
  );
  /** The report's head as the run stands now. */
  const found: TargetWarning[] = [];
  const head = () => reportHead(opts, started, Math.round(performance.now() - t0), found);
  if (sel.run.length === 0)
    return {
      abort: "empty",
      skipped: sel.skipped.length,
      examples: sel.skipped.slice(0, 3).map((s) => ({ id: s.c.id, skip: s.reason })),
      head: head(),
    };

  opts.onStart?.(sel.run.length);
  const viewer = opts.target.users.viewer ?? "";
  const client = createHttpClient(opts.target.baseUrl, Math.max(concurrency, 1) + 2);
  const clock: TargetClock = { offsetS: 0 };
  const env: CaseEnv = {
    client,
    origin: opts.target.baseUrl,
    apps: opts.target.apps,
    users: opts.target.users,
    namespace: parsePlatformId(viewer)?.namespace ?? "",
    limits: { timeoutMs, maxBodyBytes: maxAnswerBytes },
    concurrency,
    // the target's clock once the smoke request has read it (smoke.ts)
    ...clockedTime(clock),
    ...(world ? { world } : {}),
  };
  try {
    // an interrupt does not wait for a smoke request the target holds: no case starts after it
    const interrupted = whenAborted(opts.interrupt);
    const refusal = await Promise.race([smoke(env, clock), interrupted.promise]).finally(
      interrupted.release,
    );
    if (refusal) return { abort: "unreachable", refusal, head: head() };
    // whether the other app's credentials are refused is a warning, not a gate: asked beside
    // the cases (a read of the viewer's profile, which no case changes), not one round trip
    // before them
    const otherRefused = otherAppWarning(env);
    // (left unawaited by an interrupted run or a throw below: a bug it shows is not unhandled)
    otherRefused.catch(() => undefined);
    const expected = new Map((opts.expectations ?? []).map((e) => [e.id, e]));
    let stopped: EarlyStop | undefined;
    const silence = silenceWatch(async () => (await smoke(env))?.code !== "smoke-unreachable");
    const results = await schedule(
      sel.run,
      concurrency,
      async (c) => {
        const startMs = Math.round(performance.now() - t0);
        const judged = toResult(c, await runCase(c, env), expected.has(c.id), startMs);
        // an answer over the cap is not judged (over-cap.ts): --bail and progress see a skip
        const r = failedOverCap(judged)
          ? setAside(judged, { code: "answer-over-cap", maxAnswerBytes })
          : judged;
        if (opts.bail && (r.outcome === "fail" || r.outcome === "unexpected-pass"))
          stopped ??= { code: "bail", id: r.id };
        opts.onCase?.(r);
        const silent = await silence.onCase(r);
        if (silent !== undefined)
          stopped ??= { code: "target-stopped-answering", silentCases: silent };
        return r;
      },
      () => {
        if (opts.interrupt?.aborted)
          stopped ??= { code: "interrupted", signal: interruptSignal(opts.interrupt.reason) };
        return stopped !== undefined;
      },
    );
    // (stopped is set in the callbacks above, which the type checker does not follow)
    const stopCode = (stopped as EarlyStop | undefined)?.code;
    // an interrupted run does not wait for the target to answer it
    const other = stopCode === "interrupted" ? undefined : await otherRefused;
    if (other) found.push(other);
    // A run stopped because the target stopped answering: a case that failed for want of an
    // answer is not judged, rather than failed under the rule it tests (silence.ts).
    const ran = results
      .filter((r): r is CaseResult => r !== undefined)
      .map((r) =>
        stopCode === "target-stopped-answering" && failedUnanswered(r)
          ? setAside(r, { code: "unanswered" })
          : r,
      );
    // The cases a stopped run did not start, skipped with the stop's code.
    const notRun =
      stopCode === undefined
        ? []
        : sel.run
            .filter((_, i) => results[i] === undefined)
            .map((c) => ({ c, reason: { code: "not-run", stop: stopCode } as const }));
    const skipped: CaseResult[] = [...notRun, ...sel.skipped].map(({ c, reason }) => ({
      id: c.id,
      description: c.description,
      level: c.level,
      statements: c.statements,
      outcome: "skip",
      raw: "skip",
      skip: reason,
      ms: 0,
      steps: [],
    }));
    const cases = [...ran, ...skipped];
    const allIds = new Set(suite.map((c) => c.id));
    const selectedIds = new Set(sel.run.map((c) => c.id));
    const stale = (opts.expectations ?? [])
      .filter(
        (e) =>
          !allIds.has(e.id) ||
          (selectedIds.has(e.id) && !ran.some((r) => r.id === e.id) && !stopped),
      )
      .map(
        (e): StaleExpectation => ({
          id: e.id,
          code: allIds.has(e.id) ? "did-not-run" : "unknown-case",
        }),
      );
    const summary = summarise(cases, stale.length);
    const failed = summary.fail + summary.unexpectedPass + summary.staleExpectations > 0;
    const overCap = ran.some((r) => r.skip?.code === "answer-over-cap");
    return {
      ...head(),
      cases,
      summary,
      staleExpectations: stale,
      missingRoles: sel.missingRoles,
      clients: clientVerdicts(styles.value, cases),
      ...(stopped ? { stopped } : {}),
      exitCode: stopped
        ? stopExit(stopped)
        : failed
          ? EXIT.FAILED
          : overCap
            ? EXIT.INCOMPLETE
            : EXIT.OK,
    };
  } finally {
    await client.close();
  }
}

/** A case that ran, set aside unjudged (`unanswered`, `answer-over-cap`): skipped, its steps kept. */
function setAside({ failedStatement: _, ...r }: CaseResult, skip: SkipReason): CaseResult {
  return { ...r, outcome: "skip", raw: "skip", skip };
}

function toResult(
  c: CaseSpec,
  run: Awaited<ReturnType<typeof runCase>>,
  expectedToFail: boolean,
  startMs: number,
): CaseResult {
  const outcome: Outcome =
    run.raw === "fail"
      ? expectedToFail
        ? "expected-fail"
        : "fail"
      : expectedToFail
        ? "unexpected-pass"
        : "pass";
  return {
    id: c.id,
    description: c.description,
    level: c.level,
    statements: c.statements,
    outcome,
    raw: run.raw,
    ...(run.failedStatement !== undefined ? { failedStatement: run.failedStatement } : {}),
    startMs,
    ms: run.ms,
    steps: run.steps,
  };
}

/**
 * A promise that resolves (to undefined) once `signal` aborts, never without one; `release`
 * removes its listener (a caller may pass one signal to many runs).
 */
function whenAborted(signal: AbortSignal | undefined): {
  promise: Promise<undefined>;
  release: () => void;
} {
  let release = (): void => {};
  const promise = new Promise<undefined>((resolve) => {
    if (signal?.aborted) return resolve(undefined);
    const onAbort = (): void => resolve(undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
    release = () => signal?.removeEventListener("abort", onAbort);
  });
  return { promise, release };
}

/** The signal an interrupt's reason names (SIGINT unless it says SIGTERM). */
function interruptSignal(reason: unknown): "SIGINT" | "SIGTERM" {
  return reason === "SIGTERM" ? "SIGTERM" : "SIGINT";
}

/** The exit code of a run that stopped early. */
function stopExit(s: EarlyStop): number {
  if (s.code === "target-stopped-answering") return EXIT.UNREACHABLE;
  if (s.code === "bail") return EXIT.FAILED;
  return s.signal === "SIGTERM" ? EXIT.TERMINATED : EXIT.INTERRUPTED;
}
