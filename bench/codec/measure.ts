// Timing for the codec bench. The machine may be shared and cases differ in how much garbage
// they leave, so each case runs alone in a fresh worker thread, timed on CPU time (not wall
// time); rounds go through the cases in turn and the median round is kept.
import { Worker } from "node:worker_threads";

/** Worker bootstrap: register the TypeScript loader in the worker, then load the timing module. */
const BOOT = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL("./worker.ts", import.meta.url).href)}); })`;

function runOnce(name: string, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT, { eval: true, workerData: { name, ms } });
    worker.once("message", (ops: number) => resolve(ops));
    worker.once("error", reject);
  });
}

/** Median operations per CPU-second of each named case over `rounds` rounds of `roundMs`. */
export async function measure(
  names: readonly string[],
  rounds: number,
  roundMs: number,
): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of names) samples.get(name)?.push(await runOnce(name, roundMs));
  }
  const out = new Map<string, number>();
  for (const [name, list] of samples) {
    list.sort((a, b) => a - b);
    out.set(name, list[Math.floor(list.length / 2)] ?? 0);
  }
  return out;
}
