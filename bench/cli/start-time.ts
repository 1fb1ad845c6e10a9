/**
 * How long the `opensocial-kit` command takes to start and end, timed from outside as a user
 * waits for it: whole processes of the built CLI (`bin/opensocial-kit.js`, which runs the CLI
 * bundle, `dist/cli-bundle/`), taken in turn with `node -e 0` in each round so that the machine's
 * drift hits both, and each command's ratio to that round's `node -e 0`. Used by
 * `npm run bench:cli` and by the test that keeps the start within its bound.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { median } from "../summary.js";

const BIN = join(import.meta.dirname, "../../bin/opensocial-kit.js");

/** One command line of the CLI to time, by a name for the table. */
export interface StartCase {
  readonly name: string;
  readonly args: readonly string[];
}

/** A case's medians over the rounds. */
export interface StartFigure {
  readonly name: string;
  /** Median wall milliseconds of a whole process. */
  readonly ms: number;
  /** Median of the rounds' ratios to `node -e 0` (1 for the baseline itself). */
  readonly ratio: number;
  /** CPU milliseconds of a process (user + system, mean over the rounds); undefined off Linux. */
  readonly cpuMs: number | undefined;
}

/** CPU time (ms) of this process's ended children, from /proc (Linux); undefined elsewhere. */
function childrenCpuMs(): number | undefined {
  try {
    // fields after the command's ")": state is the 3rd field, cutime and cstime the 16th and 17th
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** Runs one whole process; its wall milliseconds and CPU milliseconds. */
function timeProcess(args: readonly string[]): [number, number | undefined] {
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [...args], { stdio: "ignore" });
  const ms = performance.now() - t0;
  const c1 = childrenCpuMs();
  if (r.error) throw r.error;
  return [ms, c0 === undefined || c1 === undefined ? undefined : c1 - c0];
}

/** The baseline: node starting and ending with nothing to do. */
export const NODE_ALONE: StartCase = { name: "node -e 0", args: ["-e", "0"] };

/** Times `cases` (CLI arguments) and `node -e 0`, `rounds` rounds taken in turn; baseline first. */
export function measureStart(cases: readonly StartCase[], rounds: number): StartFigure[] {
  const all = [NODE_ALONE, ...cases];
  const argv = (c: StartCase) => (c === NODE_ALONE ? c.args : [BIN, ...c.args]);
  for (const c of all) timeProcess(argv(c)); // warm the file cache
  const ms = all.map((): number[] => []);
  const ratios = all.map((): number[] => []);
  const cpu = all.map(() => 0 as number | undefined);
  for (let round = 0; round < rounds; round++) {
    const times = all.map((c, i) => {
      const [wall, cpuMs] = timeProcess(argv(c));
      const sum = cpu[i];
      cpu[i] = sum === undefined || cpuMs === undefined ? undefined : sum + cpuMs;
      return wall;
    });
    const base = times[0] ?? Number.NaN;
    times.forEach((t, i) => {
      ms[i]?.push(t);
      ratios[i]?.push(t / base);
    });
  }
  return all.map((c, i) => {
    const total = cpu[i];
    return {
      name: c.name,
      ms: median(ms[i] ?? []),
      ratio: median(ratios[i] ?? []),
      cpuMs: total === undefined ? undefined : total / rounds,
    };
  });
}
