// Times one case in its own thread (own heap, so no case pays for another's garbage) and posts
// its operations per CPU-second. The main thread waits idle meanwhile, so process CPU time is
// this thread's (and its garbage collector's).
import { parentPort, workerData } from "node:worker_threads";
import { cases } from "./cases.js";

const { name, ms } = workerData as { name: string; ms: number };
const fn = cases().get(name);
if (!fn) throw new Error(`unknown case ${name}`);
const cpuMs = () => process.cpuUsage().user / 1000;
// Warm up until the JIT has settled (as long as the timed window), then time.
for (const warm = cpuMs(); cpuMs() - warm < ms; ) fn();
const start = cpuMs();
let ops = 0;
let elapsed = 0;
do {
  fn();
  ops++;
  elapsed = cpuMs() - start;
} while (elapsed < ms);
parentPort?.postMessage((ops * 1000) / elapsed);
