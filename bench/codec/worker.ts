// Runs one case of the codec bench in its own thread (own heap and JIT). It says when it is
// ready, then answers each message `ms` with the case's operations per second over a slice of
// `ms` milliseconds (wall clock; the bench's other threads wait meanwhile, see measure.ts).
import { parentPort, workerData } from "node:worker_threads";
import { cases } from "./cases.js";

const { name } = workerData as { name: string };
const fn = cases().get(name);
if (!fn) throw new Error(`unknown case ${name}`);
parentPort?.on("message", (ms: number) => {
  const start = performance.now();
  let ops = 0;
  let elapsed = 0;
  do {
    fn();
    ops++;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  parentPort?.postMessage((ops * 1000) / elapsed);
});
parentPort?.postMessage("ready");
