/**
 * A differential run: the same requests (the suite's, or a fuzz sequence) sent to two
 * implementations loaded with the same world, each pair of answers compared under the
 * readers' tolerance, and every semantic difference kept with both answers.
 */

import { loadFuzzWorld } from "../fuzz/world.js";
import type { SentRequest } from "../request/sent-request.js";
import { isRunAbort, type RunAbort } from "../run/run-abort.js";
import type { Target } from "../suite/target.js";
import { DEFAULT_LIMITS } from "../transport/client-limits.js";
import { createHttpClient } from "../transport/http-client.js";
import { type AnswerDifference, compareAnswers } from "./compare-answers.js";
import { type DifferenceGroup, groupDifferences } from "./group-differences.js";
import { onOpenGround } from "./open-ground.js";
import { replayFuzz } from "./replay-fuzz.js";
import { caseEnv, type ExchangePair, replaySuite, smokeBoth } from "./replay-suite.js";
import { type RawAnswer, semanticAnswer } from "./semantic.js";

/** Options of a differential run. */
export interface DiffOptions {
  readonly a: Target;
  readonly b: Target;
  /** Replay a fuzz sequence of this seed instead of the suite. */
  readonly fuzzSeed?: number;
  /** Operations of the fuzz sequence (default 300). */
  readonly fuzzSteps?: number;
  /** Only cases whose id matches (suite mode). */
  readonly grep?: RegExp;
  readonly timeoutMs?: number;
}

/** One side of a difference, short enough to print. */
export interface DiffSide {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** One semantic difference. */
export interface DiffEntry {
  readonly source: string;
  /** The request as sent to A. */
  readonly request: SentRequest;
  /** The same request as made for B, when B was sent one. */
  readonly requestB?: SentRequest;
  readonly difference: AnswerDifference;
  readonly a?: DiffSide;
  readonly b?: DiffSide;
}

/** What a differential run found. */
export interface DiffResult {
  readonly mode: "suite" | "fuzz";
  readonly seed?: number;
  /** Request pairs compared. */
  readonly compared: number;
  readonly differences: DiffEntry[];
  /** The differences, identical ones (same place, same value on each side) as one group. */
  readonly groups: DifferenceGroup<DiffEntry>[];
  readonly ms: number;
}

function side(r: RawAnswer | undefined): DiffSide | undefined {
  if (!r) return undefined;
  const text = Buffer.from(r.body).toString("utf8");
  return {
    status: r.status,
    contentType: r.headers["content-type"] ?? "",
    body: text.length > 800 ? `${text.slice(0, 800)}…` : text,
  };
}

/**
 * The first semantic difference of one pair of answers, or undefined: none a reader would see,
 * or a request on ground P-ERR-6 leaves to each service. A side that sent no request differs.
 */
export function pairDifference(p: ExchangePair): AnswerDifference | undefined {
  if (onOpenGround(p.sent.url)) return undefined;
  if (p.a && p.b) return compareAnswers(semanticAnswer(p.a), semanticAnswer(p.b));
  return {
    where: "answer",
    a: p.a ? p.a.status : "(no request)",
    b: p.b ? p.b.status : "(no request)",
  };
}

/** Runs the differential comparison; resolves to the result or why it could not start. */
export async function runDiff(opts: DiffOptions): Promise<DiffResult | RunAbort> {
  const t0 = performance.now();
  let pairs: Awaited<ReturnType<typeof replaySuite>>;
  if (opts.fuzzSeed !== undefined) {
    const world = loadFuzzWorld(opts.a);
    if (!world.ok) return { abort: "input", issues: world.issues };
    const clients = [
      createHttpClient(opts.a.baseUrl, 1),
      createHttpClient(opts.b.baseUrl, 1),
    ] as const;
    try {
      const envA = caseEnv(opts.a, clients[0], opts.timeoutMs ?? DEFAULT_LIMITS.timeoutMs);
      const envB = caseEnv(opts.b, clients[1], opts.timeoutMs ?? DEFAULT_LIMITS.timeoutMs);
      if (isRunAbort(envA)) return envA;
      if (isRunAbort(envB)) return envB;
      const down = await smokeBoth(envA, envB);
      if (down) return down;
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
    pairs = await replayFuzz(opts.a, opts.b, world.value, opts.fuzzSeed, opts.fuzzSteps ?? 300);
  } else {
    pairs = await replaySuite(opts.a, opts.b, {
      ...(opts.grep ? { grep: opts.grep } : {}),
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    });
    if (isRunAbort(pairs)) return pairs;
  }
  const differences: DiffEntry[] = [];
  for (const p of pairs) {
    const difference = pairDifference(p);
    if (!difference) continue;
    const a = side(p.a);
    const b = side(p.b);
    differences.push({
      source: p.source,
      request: p.sent,
      ...(p.sentB ? { requestB: p.sentB } : {}),
      difference,
      ...(a ? { a } : {}),
      ...(b ? { b } : {}),
    });
  }
  return {
    mode: opts.fuzzSeed !== undefined ? "fuzz" : "suite",
    ...(opts.fuzzSeed !== undefined ? { seed: opts.fuzzSeed } : {}),
    compared: pairs.length,
    differences,
    groups: groupDifferences(differences),
    ms: Math.round(performance.now() - t0),
  };
}
