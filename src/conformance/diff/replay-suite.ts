/**
 * Replays the suite's requests against two targets: each selected case runs on A through the
 * case runner itself, and every request it sends is sent to B as well (made again for B's
 * origin), so both receive the same sequence and hold the same state; each pair of answers is
 * kept for comparison.
 */
import { parsePlatformId } from "../../model/ids.js";
import { KitError } from "../../model/kit-error.js";
import { sentWithResign } from "../request/request-build.js";
import type { SentRequest } from "../request/sent-request.js";
import { clockedTime, type TargetClock } from "../request/target-clock.js";
import { isRunAbort, type RunAbort } from "../run/run-abort.js";
import { type CaseEnv, exchange, runCase } from "../run/run-case.js";
import { smoke } from "../run/smoke.js";
import { loadCases } from "../suite/load-cases.js";
import { loadStatements } from "../suite/load-statements.js";
import { selectCases } from "../suite/selection.js";
import type { Target } from "../suite/target.js";
import { loadWorldFacts } from "../suite/world-facts.js";
import type { ClientLimits } from "../transport/client-limits.js";
import {
  createHttpClient,
  type HttpClient,
  type TransportError,
  type WireResponse,
} from "../transport/http-client.js";
import type { RawAnswer } from "./semantic.js";

/** One request sent to both targets, and both answers (one may be missing). */
export interface ExchangePair {
  /** `case-id step n` or `op n request m`. */
  readonly source: string;
  /** The request as sent to A. */
  readonly sent: SentRequest;
  /** The same request as made for B (B's origin, signed for B), when B was sent one. */
  readonly sentB?: SentRequest;
  readonly a?: RawAnswer;
  readonly b?: RawAnswer;
  /** Why A gave no answer to this request: the transport's failure (A sent, nothing usable back). */
  readonly aFailure?: TransportError;
  /** Why B gave no answer to this request, likewise. */
  readonly bFailure?: TransportError;
}

/**
 * The case environment of `target` (as the suite runner makes it), signing by `clock`, which the
 * smoke request sets (readyBoth).
 */
function caseEnv(
  target: Target,
  client: HttpClient,
  limits: ClientLimits,
  clock: TargetClock,
): CaseEnv | RunAbort {
  let world: Record<string, unknown> | undefined;
  if (target.world) {
    const w = loadWorldFacts(target);
    if (!w.ok) return { abort: "input", issues: w.issues };
    world = w.value;
  }
  return {
    client,
    origin: target.baseUrl,
    apps: target.apps,
    users: target.users,
    namespace: parsePlatformId(target.users.viewer ?? "")?.namespace ?? "",
    limits,
    ...clockedTime(clock),
    ...(world ? { world } : {}),
  };
}

/** Both targets' case environments, and the clocks they sign by (P-AUTH-3.6). */
interface BothReady {
  readonly envs: readonly [CaseEnv, CaseEnv];
  readonly clocks: readonly [TargetClock, TargetClock];
}

/**
 * Both targets' case environments once each has answered the smoke request, signed by its own
 * clock, which the smoke request reads; why one cannot be used, if so.
 */
export async function readyBoth(
  a: Target,
  b: Target,
  clients: readonly [HttpClient, HttpClient],
  limits: ClientLimits,
): Promise<BothReady | RunAbort> {
  const clocks = [{ offsetS: 0 }, { offsetS: 0 }] as const;
  const envA = caseEnv(a, clients[0], limits, clocks[0]);
  const envB = caseEnv(b, clients[1], limits, clocks[1]);
  if (isRunAbort(envA)) return envA;
  if (isRunAbort(envB)) return envB;
  for (const [side, env, clock] of [
    ["a", envA, clocks[0]],
    ["b", envB, clocks[1]],
  ] as const) {
    const refusal = await smoke(env, clock);
    if (refusal) return { abort: "unreachable", refusal, side };
  }
  return { envs: [envA, envB], clocks };
}

const toRaw = (r: WireResponse): RawAnswer => ({
  status: r.status,
  headers: r.headers,
  body: r.body,
});

/** Replays the selected cases; resolves to the pairs, or why the replay could not start. */
export async function replaySuite(
  a: Target,
  b: Target,
  limits: ClientLimits,
  opts: { grep?: RegExp; onCase?: () => void; signal?: AbortSignal } = {},
): Promise<ExchangePair[] | RunAbort> {
  const st = loadStatements();
  if (!st.ok) return { abort: "input", issues: st.issues };
  const loaded = loadCases(st.value);
  if (!loaded.ok) return { abort: "input", issues: loaded.issues };
  const cases = loaded.value;
  const clients = [createHttpClient(a.baseUrl, 4), createHttpClient(b.baseUrl, 4)] as const;
  try {
    const ready = await readyBoth(a, b, clients, limits);
    if (isRunAbort(ready)) return ready;
    const [envA, envB] = ready.envs;
    // Cases both targets can run: the selection of each, intersected.
    const selA = selectCases(
      cases,
      a,
      { level: "profile", ...(opts.grep ? { grep: opts.grep } : {}) },
      envA.world !== undefined,
    );
    const selB = new Set(
      selectCases(
        cases,
        b,
        { level: "profile", ...(opts.grep ? { grep: opts.grep } : {}) },
        envB.world !== undefined,
      ).run.map((c) => c.id),
    );
    const pairs: ExchangePair[] = [];
    for (const c of selA.run.filter((x) => selB.has(x.id))) {
      // Aborted: no case starts; the one before finished with its clean-up steps.
      if (opts.signal?.aborted) break;
      // The case runs on A (its captures come from A's answers); each request it sends is made
      // again for B (signed for B's origin, the same nonce) and sent there at once, so that B
      // receives exactly A's sequence whatever B answers (one request at a time, repeated steps
      // too).
      const run = await runCase(c, {
        ...envA,
        concurrency: 1,
        onExchange: async (step, built, response, rebuild) => {
          const rebuilt = rebuild(envB);
          // Cases are selected for both targets, so B can make every request A made.
          if (!rebuilt.ok)
            throw new KitError("OSK_CASE_UNBUILDABLE", `${c.id}: ${rebuilt.problem.code}`);
          const mirrored = rebuilt.value;
          let x = mirrored.replay
            ? await exchange(envB, { ...mirrored, wire: mirrored.replay })
            : undefined;
          if (!x || x.ok) x = await exchange(envB, mirrored);
          pairs.push({
            source: `${c.id} step ${step + 1}`,
            sent: sentWithResign(built),
            sentB: sentWithResign(mirrored),
            a: toRaw(response),
            ...(x.ok ? { b: toRaw(x.response) } : { bFailure: x.error }),
          });
        },
      });
      // A request A did not answer ends the case there, before B was sent it.
      for (const s of run.steps) {
        const transport = s.failure && "transport" in s.failure ? s.failure.transport : undefined;
        if (transport && s.request)
          pairs.push({
            source: `${c.id} step ${s.index + 1}`,
            sent: s.request,
            aFailure: transport,
          });
      }
      opts.onCase?.();
    }
    return pairs;
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}
