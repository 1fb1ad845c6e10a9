/**
 * Replays a fuzz sequence against two targets: the operations of `seed` (the fuzzer's own
 * arbitraries, sampled, not shrunk) run one by one on A and then on B, unjudged, and each
 * request's two answers are kept for comparison. Owned keys are cleaned up on both.
 */
import fc from "fast-check";
import { prefixArb } from "../fuzz/alphabet.js";
import { AppDataModel } from "../fuzz/appdata-model.js";
import { cleanUp } from "../fuzz/clean-up.js";
import { type FuzzContext, fuzzUsers } from "../fuzz/context.js";
import { execute } from "../fuzz/execute.js";
import { opArb, opText } from "../fuzz/ops.js";
import { type Answer, createWire, TransportFailure } from "../fuzz/wire.js";
import type { FuzzWorld } from "../fuzz/world.js";
import type { TargetClock } from "../request/target-clock.js";
import type { Target } from "../suite/target.js";
import type { ClientLimits } from "../transport/client-limits.js";
import { createHttpClient } from "../transport/http-client.js";
import type { ExchangePair } from "./replay-suite.js";
import type { RawAnswer } from "./semantic.js";

const raw = (a: Answer): RawAnswer => ({ status: a.status, headers: a.headers, body: a.body });

/**
 * Replays `steps` operations of `seed` on `a` and `b` (both loaded with `world`), each signed by
 * its own target's clock (`clocks`, read by the smoke requests); an aborted `signal` starts no
 * further operation (the keys written so far are cleaned up all the same).
 */
export async function replayFuzz(
  a: Target,
  b: Target,
  world: FuzzWorld,
  sequence: { readonly seed: number; readonly steps: number; readonly signal?: AbortSignal },
  limits: ClientLimits,
  clocks: readonly [TargetClock, TargetClock],
): Promise<ExchangePair[]> {
  const { seed, steps } = sequence;
  const [ops] = fc.sample(fc.array(opArb, { minLength: steps, maxLength: steps }), {
    seed,
    numRuns: 1,
  });
  const [prefix] = fc.sample(prefixArb, { seed, numRuns: 1 });
  const sides = (
    [
      [a, clocks[0]],
      [b, clocks[1]],
    ] as const
  ).map(([t, clock]) => {
    const client = createHttpClient(t.baseUrl, 4);
    const wire = createWire(
      { baseUrl: t.baseUrl, apps: t.apps, viewer: world.viewer, clock },
      limits,
      client,
    );
    const ctx: FuzzContext = {
      world,
      wire,
      level: "core",
      prefix: prefix ?? "fz",
      users: fuzzUsers(world),
      touched: new Map(),
      judge: false,
    };
    return { client, ctx, data: AppDataModel.fromWorld(world) };
  });
  const pairs: ExchangePair[] = [];
  /** One side's answers to `op`, and the request it got no answer to (the op stops there). */
  const run = async (
    side: (typeof sides)[number],
    op: NonNullable<typeof ops>[number],
  ): Promise<{ answers: Answer[]; failed?: TransportFailure }> => {
    const answers: Answer[] = [];
    try {
      await execute(op, side.data, side.ctx, answers);
      return { answers };
    } catch (e) {
      if (e instanceof TransportFailure) return { answers, failed: e };
      throw e;
    }
  };
  try {
    for (const [i, op] of (ops ?? []).entries()) {
      if (sequence.signal?.aborted) break;
      const [x, y] = [await run(sides[0]!, op), await run(sides[1]!, op)];
      const length = (r: typeof x) => r.answers.length + (r.failed ? 1 : 0);
      // An answer over the cap was not read: the op's later requests, which one side was not
      // sent because of it, are not compared either.
      const overCap = [x, y].flatMap((r) =>
        r.failed?.code === "too-large" ? [r.answers.length + 1] : [],
      );
      const end = Math.min(Math.max(length(x), length(y)), ...overCap);
      for (let j = 0; j < end; j++) {
        const ax = x.answers[j];
        const by = y.answers[j];
        const fx = j === x.answers.length ? x.failed : undefined;
        const fy = j === y.answers.length ? y.failed : undefined;
        const sent = (ax ?? fx ?? by ?? fy)?.sent;
        const sentB = (by ?? fy)?.sent;
        if (!sent) continue;
        pairs.push({
          source: `op ${i + 1} request ${j + 1} ${opText(op).slice(0, 120)}`,
          sent,
          ...(sentB ? { sentB } : {}),
          ...(ax ? { a: raw(ax) } : fx ? { aFailure: fx.error } : {}),
          ...(by ? { b: raw(by) } : fy ? { bFailure: fy.error } : {}),
        });
      }
    }
  } finally {
    for (const s of sides) {
      await cleanUp(s.ctx, s.ctx.wire);
      await s.client.close();
    }
  }
  return pairs;
}
