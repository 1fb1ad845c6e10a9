// Timing for the codec bench. Each case runs in a worker thread of its own (its own heap and
// JIT, so no case pays for another's garbage or type feedback), started once and warmed up.
// The machine's speed drifts by up to 2× over seconds (a shared VM), so the cases are then
// timed in short slices taken in turn, round after round: a drift hits every case of a round
// alike, and a ratio is the median of its per-round ratios. (One fresh worker per
// case and round, timed one after the other, put fromAtom / fast-xml-parser anywhere between
// 3.5× and 9× from one run to the next on a quiet machine.) A slice is timed on the wall clock
// inside the worker while every other thread of the bench waits; a garbage collector's helper
// threads are not counted, which favours the cases that leave more garbage (the baselines).
import { Worker } from "node:worker_threads";
import { median } from "../summary.js";

/** Worker bootstrap: register the TypeScript loader in the worker, then load the timing module. */
const BOOT = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL("./worker.ts", import.meta.url).href)}); })`;

/** A case's worker: `slice(ms)` runs the case for `ms` and answers its operations per second. */
interface CaseWorker {
  slice(ms: number): Promise<number>;
  stop(): Promise<number>;
}

function startWorker(name: string): Promise<CaseWorker> {
  const worker = new Worker(BOOT, { eval: true, workerData: { name } });
  const next = (): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const onError = (e: unknown) => reject(e);
      worker.once("error", onError);
      worker.once("message", (m: unknown) => {
        worker.off("error", onError);
        resolve(m);
      });
    });
  return next().then(() => ({
    slice(ms) {
      const answer = next();
      worker.postMessage(ms);
      return answer as Promise<number>;
    },
    stop: () => worker.terminate(),
  }));
}

/** The samples of a run: operations per second of each case, one per round. */
export class Samples {
  constructor(private readonly byCase: ReadonlyMap<string, readonly number[]>) {}

  /** Median operations per second of `name`. */
  opsPerSecond(name: string): number {
    return median(this.byCase.get(name) ?? []);
  }

  /** Median over the rounds of `a`'s rate divided by `b`'s in the same round. */
  ratio(a: string, b: string): number {
    const as = this.byCase.get(a) ?? [];
    const bs = this.byCase.get(b) ?? [];
    return median(as.map((x, i) => x / (bs[i] ?? Number.NaN)));
  }
}

/**
 * Times each named case: a worker per case, warmed up for `warmupMs`, then `rounds` rounds in
 * which every case runs for `sliceMs` in turn.
 */
export async function measure(
  names: readonly string[],
  rounds: number,
  sliceMs: number,
  warmupMs: number,
): Promise<Samples> {
  const workers = new Map<string, CaseWorker>();
  try {
    for (const name of names) {
      const w = await startWorker(name);
      workers.set(name, w);
      await w.slice(warmupMs);
    }
    const samples = new Map<string, number[]>(names.map((n) => [n, []]));
    for (let r = 0; r < rounds; r++)
      for (const name of names) {
        const w = workers.get(name) as CaseWorker;
        samples.get(name)?.push(await w.slice(sliceMs));
      }
    return new Samples(samples);
  } finally {
    await Promise.all([...workers.values()].map((w) => w.stop()));
  }
}
