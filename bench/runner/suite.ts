/**
 * The whole suite as a user runs it, timed from outside: `opensocial-kit run` (the built CLI,
 * start included) against the in-process reference, and against a reference server (a child
 * process, in-memory store) behind a proxy adding a round-trip time (delay-proxy.ts). Each run
 * is a whole process: its wall time, its own CPU time and peak resident memory (read at its
 * exit, usage-at-exit.mjs), and its exit code and summary (every run must pass every case).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDelayProxy } from "./delay-proxy.js";

const ROOT = join(import.meta.dirname, "../..");
const BIN = join(ROOT, "bin/opensocial-kit.js");
const USAGE_HOOK = join(import.meta.dirname, "usage-at-exit.mjs");

/** One whole run of the suite. */
export interface SuiteRun {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly maxRssMiB: number;
  /** Cases run and passed, from the run's JSON report. */
  readonly cases: number;
  /** From the report: the cases' run (start to last answer), and each case's time, by id. */
  readonly runMs: number;
  readonly caseMs: ReadonlyMap<string, number>;
  readonly passed: number;
  readonly exitCode: number | null;
}

/**
 * Runs `opensocial-kit run …args` once in a child process and reads what it used; `nodeOptions`
 * is the child's `NODE_OPTIONS` (as a user would set it), none by default.
 */
export async function runSuiteProcess(
  args: readonly string[],
  nodeOptions = "",
): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), "osk-bench-suite-"));
  const usageFile = join(dir, "usage.json");
  const report = join(dir, "run.json");
  try {
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      ["--import", USAGE_HOOK, BIN, "run", ...args, "--reporter", `json:${report}`],
      {
        stdio: "ignore",
        env: { ...process.env, NODE_OPTIONS: nodeOptions, OSK_BENCH_USAGE_FILE: usageFile },
      },
    );
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", resolve);
    });
    const wallMs = performance.now() - t0;
    const usage = JSON.parse(readFileSync(usageFile, "utf8")) as {
      cpuUs: number;
      maxRssKiB: number;
    };
    const parsed = JSON.parse(readFileSync(report, "utf8")) as {
      summary: { total: number; pass: number; skip: number };
      ms: number;
      cases: { id: string; ms: number }[];
    };
    const summary = parsed.summary;
    return {
      wallMs,
      cpuMs: usage.cpuUs / 1000,
      maxRssMiB: usage.maxRssKiB / 1024,
      cases: summary.total - summary.skip,
      passed: summary.pass,
      runMs: parsed.ms,
      caseMs: new Map(parsed.cases.map((c) => [c.id, c.ms])),
      exitCode,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A reference server in a child process (`serve --data :memory: --port 0`) and its URL. */
async function startServe(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [BIN, "serve", "--data", ":memory:", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { url, stop: () => child.kill() };
}

/** The whole suite against a fresh reference server behind a proxy adding `rttMs`. */
export async function runSuiteAtRtt(rttMs: number): Promise<SuiteRun> {
  const server = await startServe();
  const proxy = await startDelayProxy(server.url, rttMs);
  try {
    return await runSuiteProcess(["--base-url", proxy.url]);
  } finally {
    await proxy.close();
    server.stop();
  }
}
