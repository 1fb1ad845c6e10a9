/**
 * A fuzz run: fast-check model-based testing (`fc.commands` + `fc.asyncModelRun`) of one target
 * against the model, bounded in steps, shrinking and time; each sequence writes only under its
 * own random key prefix and is cleaned up after it. The result names the seed and path that
 * replay the shrunk failure, its statement, the operations and the requests that were sent.
 */
import fc from "fast-check";
import type { Level } from "../case-types.js";
import type { SentRequest } from "../request/sent-request.js";
import { clockOffsetS, type TargetClock } from "../request/target-clock.js";
import { type SmokeRefusal, smokeByTargetClock, smokeLimits } from "../run/smoke.js";
import type { Target } from "../suite/target.js";
import { type ClientLimits, DEFAULT_LIMITS } from "../transport/client-limits.js";
import { createHttpClient } from "../transport/http-client.js";
import { prefixArb } from "./alphabet.js";
import { AppDataModel } from "./appdata-model.js";
import { cleanUp, restoreSeeded } from "./clean-up.js";
import { type FuzzContext, fuzzUsers } from "./context.js";
import { execute } from "./execute.js";
import { type Finding, FuzzFailure } from "./judge.js";
import { type Op, opArb, opText } from "./ops.js";
import { SELF } from "./steps/probe-step.js";
import { type Answer, createWire, TransportFailure } from "./wire.js";
import type { FuzzWorld } from "./world.js";

/** Options of a fuzz run. */
export interface FuzzOptions {
  readonly target: Target;
  readonly world: FuzzWorld;
  readonly level: Level;
  /** fast-check seed (random when absent). */
  readonly seed?: number;
  /** The path a failure printed (`run path@commands replay path`): replays that counterexample of `seed`. */
  readonly path?: string;
  /** Operations to run before stopping (shrinking is bounded separately). */
  readonly steps: number;
  /** Wall-clock bound of the whole run, shrinking included. */
  readonly timeMs: number;
  /** Longest sequence (default 30). */
  readonly maxCommands?: number;
  /** Per-request deadline (default 10 s). */
  readonly requestTimeoutMs?: number;
  /**
   * The largest answer read (default 4 MiB). A sequence that gets a larger answer is cut short
   * there, not failed: no rule bounds an answer's size (as `run` sets such a case aside).
   */
  readonly maxAnswerBytes?: number;
  /**
   * Stops the run when aborted: no operation or sequence starts after it, the sequence under
   * way is cleaned up (its keys deleted, seeded data put back), and the result says so.
   */
  readonly signal?: AbortSignal;
  /**
   * The target's clock, which every request is signed by (P-AUTH-3.6), as fuzzSmoke read it;
   * default this machine's.
   */
  readonly clock?: TargetClock;
}

/**
 * A fast-check plugin: once `signal` is aborted no run starts, and the runner stops as on its
 * time limit (an interrupting precondition failure); the run under way is awaited whole.
 */
function stopOnAbort(signal: AbortSignal): fc.Plugin<unknown> {
  return () => ({
    decorateRun: (nestedRun) => (value) =>
      signal.aborted ? new fc.PreconditionFailure(true) : nestedRun(value),
  });
}

/** A seed for a run given none. */
export function newFuzzSeed(): number {
  return (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0;
}

/** The shrunk failure. */
export interface FuzzFailureReport {
  readonly finding: Finding;
  /** fast-check's counterexample path (with the seed, replays exactly this sequence). */
  readonly path: string;
  readonly ops: readonly Op[];
  readonly requests: readonly SentRequest[];
  readonly answer?: {
    readonly status: number;
    readonly contentType: string;
    readonly body: string;
  };
  readonly shrinks: number;
}

/** What a fuzz run found. */
export interface FuzzResult {
  readonly seed: number;
  readonly level: Level;
  readonly steps: number;
  readonly requests: number;
  readonly sequences: number;
  readonly ms: number;
  /** True when the time bound stopped the run. */
  readonly interrupted: boolean;
  /** The reason of the abort signal that stopped the run (e.g. "SIGINT"), when one did. */
  readonly stoppedBy?: string;
  readonly failure?: FuzzFailureReport;
  /** Steps run when the first failure was seen (before shrinking). */
  readonly firstFailureStep?: number;
  /** Clean-up requests that did not answer 200 (keys possibly left behind). */
  readonly cleanupProblems: number;
  /** Sequences cut short by an answer over the cap, not judged past it. */
  readonly overCap: number;
  /** The first request answered over the cap. */
  readonly firstOverCap?: SentRequest;
  /** The cap on an answer, in bytes. */
  readonly maxAnswerBytes: number;
}

interface Budget {
  steps: number;
  requests: number;
  sequences: number;
  failing: boolean;
  shrinkRuns: number;
  cleanupProblems: number;
  overCap: number;
  firstOverCap?: SentRequest;
  readonly maxSteps: number;
  readonly deadline: number;
  readonly signal: AbortSignal | undefined;
}

/** Sequences tried while shrinking, at most. */
const MAX_SHRINK_RUNS = 400;

interface Model {
  readonly data: AppDataModel;
}
interface Real {
  readonly ctx: FuzzContext;
  readonly budget: Budget;
  readonly ran: Op[];
}

class FuzzCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly op: Op) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const b = r.budget;
    if (performance.now() > b.deadline || b.signal?.aborted) return;
    if (b.failing ? b.shrinkRuns > MAX_SHRINK_RUNS : b.steps >= b.maxSteps) return;
    b.steps++;
    r.ran.push(this.op);
    await execute(this.op, m.data, r.ctx);
  }
  toString(): string {
    return opText(this.op);
  }
}

function findingOf(e: unknown): { finding: Finding; answer?: Answer } {
  if (e instanceof FuzzFailure)
    return { finding: e.finding, ...(e.answer ? { answer: e.answer } : {}) };
  if (e instanceof TransportFailure)
    return {
      finding: {
        statement: "P-ERR-3",
        path: "transport",
        code: "no-answer",
        transport: e.code,
        detail: e.message,
      },
    };
  return {
    finding: {
      statement: "",
      path: "fuzzer",
      code: "fuzzer-broke",
      detail: (e as Error)?.stack ?? String(e),
    },
  };
}

/** `@` and the replay path fast-check writes into a commands counterexample's text, if any. */
function commandsReplayPath(counterexample: unknown): string {
  const commands = Array.isArray(counterexample) ? counterexample[1] : undefined;
  const m = /replayPath="([^"]*)"/.exec(String(commands ?? ""));
  return m ? `@${m[1]}` : "";
}

/**
 * Sends one valid read; a transport failure or a refusal of the credentials stops the run (the
 * same records as the suite's smoke request). With a `clock`, the read is signed by the target's
 * clock, which `clock` then holds for the run (smokeByTargetClock). The read waits as long as
 * `limits` say and reads up to their answer cap, never less than the default cap (smokeLimits, as
 * the suite's smoke request: a profile over a cap set for the sequences is no unreachable target).
 */
export async function fuzzSmoke(
  target: Target,
  world: FuzzWorld,
  clock: TargetClock = { offsetS: 0 },
  limits: ClientLimits = DEFAULT_LIMITS,
): Promise<SmokeRefusal | undefined> {
  const path = SELF;
  return smokeByTargetClock(clock, async () => {
    const wire = createWire(
      { baseUrl: target.baseUrl, apps: target.apps, viewer: world.viewer, clock },
      smokeLimits({ limits }),
    );
    try {
      const a = await wire.send({ method: "GET", path });
      const offsetS = clockOffsetS(a.headers.date, Date.now());
      if (a.status === 400 || a.status === 401)
        return { refusal: { code: "smoke-credentials-refused", path, status: a.status }, offsetS };
      return { offsetS };
    } catch (e) {
      if (!(e instanceof TransportFailure)) throw e;
      return { refusal: { code: "smoke-unreachable", origin: target.baseUrl, transport: e.error } };
    } finally {
      await wire.close();
    }
  });
}

/** The limits of each request of a fuzz run (`fuzzSmoke` takes them too). */
export function fuzzLimits(
  opts: Pick<FuzzOptions, "requestTimeoutMs" | "maxAnswerBytes">,
): ClientLimits {
  return {
    ...DEFAULT_LIMITS,
    timeoutMs: opts.requestTimeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    maxBodyBytes: opts.maxAnswerBytes ?? DEFAULT_LIMITS.maxBodyBytes,
  };
}

/** Runs the fuzzer; resolves to what it found. */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const t0 = performance.now();
  const seed = opts.seed ?? newFuzzSeed();
  const limits = fuzzLimits(opts);
  const client = createHttpClient(opts.target.baseUrl, 4);
  const wireTarget = {
    baseUrl: opts.target.baseUrl,
    apps: opts.target.apps,
    viewer: opts.world.viewer,
    ...(opts.clock ? { clock: opts.clock } : {}),
  };
  const initial = AppDataModel.fromWorld(opts.world);
  const users = fuzzUsers(opts.world);
  const budget: Budget = {
    steps: 0,
    requests: 0,
    sequences: 0,
    failing: false,
    shrinkRuns: 0,
    cleanupProblems: 0,
    overCap: 0,
    maxSteps: opts.steps,
    deadline: t0 + opts.timeMs,
    signal: opts.signal,
  };
  let last: { finding: Finding; answer?: Answer; ops: Op[]; requests: SentRequest[] } | undefined;
  let shrinks = 0;
  let firstFailureStep = 0;
  const commandArb = opArb.map((op) => new FuzzCommand(op));
  // A printed path is fast-check's run path, then `@` and the commands' own replay path.
  const [runPath, replayPath] = (opts.path ?? "").split("@");
  const firstRun = Number(runPath?.split(":")[0] ?? 0);
  const property = fc.asyncProperty(
    prefixArb,
    fc.commands([commandArb], {
      maxCommands: opts.maxCommands ?? 30,
      ...(replayPath ? { replayPath } : {}),
    }),
    async (prefix, cmds) => {
      if (opts.signal?.aborted) return;
      if (!budget.failing && budget.steps >= budget.maxSteps) return;
      if (budget.failing) budget.shrinkRuns++;
      budget.sequences++;
      const wire = createWire(wireTarget, limits, client);
      const ctx: FuzzContext = {
        world: opts.world,
        wire,
        level: opts.level,
        prefix,
        users,
        touched: new Map(),
        judge: true,
      };
      const real: Real = { ctx, budget, ran: [] };
      try {
        await fc.asyncModelRun(() => ({ model: { data: initial.clone() }, real }), cmds);
      } catch (e) {
        // An answer over the cap was not read: the sequence stops there, judged up to it.
        if (e instanceof TransportFailure && e.code === "too-large") {
          budget.overCap++;
          budget.firstOverCap ??= e.sent;
          return;
        }
        if (budget.failing) shrinks++;
        else firstFailureStep = budget.steps;
        budget.failing = true;
        last = { ...findingOf(e), ops: real.ran, requests: [...wire.trace] };
        throw e;
      } finally {
        budget.requests += wire.trace.length;
        const after = createWire(wireTarget, limits, client);
        budget.cleanupProblems += await cleanUp(ctx, after);
        await restoreSeeded(ctx, after);
      }
    },
  );
  let result: fc.RunDetails<unknown>;
  try {
    result = await fc.check(property, {
      seed,
      numRuns: Math.max(1, opts.steps, firstRun + 1),
      ...(runPath ? { path: runPath } : {}),
      endOnFailure: false,
      plugins: [
        fc.interruptAfterTimeLimit(opts.timeMs),
        ...(opts.signal ? [stopOnAbort(opts.signal)] : []),
      ],
    });
  } finally {
    await client.close();
  }
  const base = {
    seed,
    level: opts.level,
    steps: budget.steps,
    requests: budget.requests,
    sequences: budget.sequences,
    ms: Math.round(performance.now() - t0),
    interrupted: result.interrupted,
    ...(opts.signal?.aborted ? { stoppedBy: String(opts.signal.reason) } : {}),
    cleanupProblems: budget.cleanupProblems,
    overCap: budget.overCap,
    ...(budget.firstOverCap ? { firstOverCap: budget.firstOverCap } : {}),
    maxAnswerBytes: limits.maxBodyBytes,
  };
  if (!result.failed || !last) return base;
  const failed = last as NonNullable<typeof last>;
  const answer = failed.answer
    ? {
        status: failed.answer.status,
        contentType: failed.answer.headers["content-type"] ?? "",
        body:
          failed.answer.text.length > 600
            ? `${failed.answer.text.slice(0, 600)}…`
            : failed.answer.text,
      }
    : undefined;
  return {
    ...base,
    firstFailureStep,
    failure: {
      finding: failed.finding,
      path: `${result.counterexamplePath ?? ""}${commandsReplayPath(result.counterexample)}`,
      ops: failed.ops,
      requests: failed.requests,
      ...(answer ? { answer } : {}),
      shrinks,
    },
  };
}
