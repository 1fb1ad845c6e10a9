/**
 * A differential run: the same requests (the suite's, or a fuzz sequence) sent to two
 * implementations loaded with the same world, each pair of answers compared under the
 * readers' tolerance, and every semantic difference kept with both answers.
 */

import { loadFuzzWorld } from "../fuzz/world.js";
import type { SentRequest } from "../request/sent-request.js";
import { isRunAbort, type RunAbort } from "../run/run-abort.js";
import type { Target } from "../suite/target.js";
import { type ClientLimits, DEFAULT_LIMITS } from "../transport/client-limits.js";
import { createHttpClient, type TransportError } from "../transport/http-client.js";
import { type AnswerDifference, compareAnswers } from "./compare-answers.js";
import { type DifferenceGroup, groupDifferences } from "./group-differences.js";
import { onOpenGround } from "./open-ground.js";
import { replayFuzz } from "./replay-fuzz.js";
import { type ExchangePair, readyBoth, replaySuite } from "./replay-suite.js";
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
  /** The largest answer read (default 4 MiB); a pair with a larger answer is not compared. */
  readonly maxAnswerBytes?: number;
  /**
   * Stops the run when aborted: no case (or fuzz operation) starts after it; the one under way
   * finishes with its clean-up, and the pairs so far are compared.
   */
  readonly signal?: AbortSignal;
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
  /** Why A gave no answer (a transport failure), when it did not. */
  readonly aFailure?: TransportError;
  /** Why B gave no answer, likewise. */
  readonly bFailure?: TransportError;
}

/**
 * A request whose answer on one side was larger than the cap: not read, so not compared (as the
 * suite runner sets such a case aside as `answer-over-cap`): the run is not green.
 */
export interface NotCompared {
  readonly source: string;
  readonly request: SentRequest;
  /** The sides whose answer was over the cap. */
  readonly sides: readonly ("A" | "B")[];
}

/** What a differential run found. */
export interface DiffResult {
  readonly mode: "suite" | "fuzz";
  readonly seed?: number;
  /** Request pairs compared. */
  readonly compared: number;
  readonly differences: DiffEntry[];
  /** Requests not compared: an answer over the cap (`maxAnswerBytes`). */
  readonly notCompared: NotCompared[];
  /** The cap on an answer this run read up to, in bytes. */
  readonly maxAnswerBytes: number;
  /** The differences, identical ones (same place, same value on each side) as one group. */
  readonly groups: DifferenceGroup<DiffEntry>[];
  readonly ms: number;
  /** The reason of the abort signal that stopped the run (e.g. "SIGINT"), when one did. */
  readonly stoppedBy?: string;
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

/** What one side gave: its status, why it gave no answer, or that it was not sent the request. */
function sideSaid(answer: RawAnswer | undefined, failure: TransportError | undefined): unknown {
  if (answer) return answer.status;
  return failure ? `(no answer: ${failure.message})` : "(no request)";
}

/** The sides whose answer to `p`'s request was over the cap, so not read. */
export function overCapSides(p: ExchangePair): ("A" | "B")[] {
  return [
    ...(p.aFailure?.code === "too-large" ? (["A"] as const) : []),
    ...(p.bFailure?.code === "too-large" ? (["B"] as const) : []),
  ];
}

/**
 * The first semantic difference of one pair of answers, or undefined: none a reader would see,
 * or a request on ground P-ERR-6 leaves to each service. A side that sent no request, or got no
 * answer, differs from one that got an answer; two sides that got none for the same reason (a
 * timeout on each) do not differ.
 */
export function pairDifference(p: ExchangePair): AnswerDifference | undefined {
  if (onOpenGround(p.sent.url)) return undefined;
  if (p.a && p.b) return compareAnswers(semanticAnswer(p.a), semanticAnswer(p.b));
  if (p.aFailure && p.bFailure && p.aFailure.code === p.bFailure.code) return undefined;
  return { where: "answer", a: sideSaid(p.a, p.aFailure), b: sideSaid(p.b, p.bFailure) };
}

/** Runs the differential comparison; resolves to the result or why it could not start. */
export async function runDiff(opts: DiffOptions): Promise<DiffResult | RunAbort> {
  const t0 = performance.now();
  const limits: ClientLimits = {
    timeoutMs: opts.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    maxBodyBytes: opts.maxAnswerBytes ?? DEFAULT_LIMITS.maxBodyBytes,
  };
  let pairs: Awaited<ReturnType<typeof replaySuite>>;
  if (opts.fuzzSeed !== undefined) {
    const world = loadFuzzWorld(opts.a);
    if (!world.ok) return { abort: "input", issues: world.issues };
    const clients = [
      createHttpClient(opts.a.baseUrl, 1),
      createHttpClient(opts.b.baseUrl, 1),
    ] as const;
    const ready = await readyBoth(opts.a, opts.b, clients, limits).finally(() =>
      Promise.all(clients.map((c) => c.close())),
    );
    if (isRunAbort(ready)) return ready;
    const steps = opts.fuzzSteps ?? 300;
    pairs = await replayFuzz(
      opts.a,
      opts.b,
      world.value,
      { seed: opts.fuzzSeed, steps, ...(opts.signal ? { signal: opts.signal } : {}) },
      limits,
      ready.clocks,
    );
  } else {
    pairs = await replaySuite(opts.a, opts.b, limits, {
      ...(opts.grep ? { grep: opts.grep } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    if (isRunAbort(pairs)) return pairs;
  }
  const differences: DiffEntry[] = [];
  const notCompared: NotCompared[] = [];
  for (const p of pairs) {
    const sides = overCapSides(p);
    if (sides.length > 0) {
      notCompared.push({ source: p.source, request: p.sent, sides });
      continue;
    }
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
      ...(p.aFailure ? { aFailure: p.aFailure } : {}),
      ...(p.bFailure ? { bFailure: p.bFailure } : {}),
    });
  }
  return {
    mode: opts.fuzzSeed !== undefined ? "fuzz" : "suite",
    ...(opts.fuzzSeed !== undefined ? { seed: opts.fuzzSeed } : {}),
    compared: pairs.length - notCompared.length,
    differences,
    notCompared,
    maxAnswerBytes: limits.maxBodyBytes,
    groups: groupDifferences(differences),
    ms: Math.round(performance.now() - t0),
    ...(opts.signal?.aborted ? { stoppedBy: String(opts.signal.reason) } : {}),
  };
}
