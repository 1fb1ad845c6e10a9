/**
 * `npm run bench:server` survives a faster machine, tested without running the
 * bench: the signed-request pool is sized from a measured rate and never runs dry, and the
 * bench's child processes are stopped on every exit path (an uncaught exception, a rejection,
 * process.exit, SIGTERM and SIGINT; the targets exit by themselves when the bench is SIGKILLed).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { poolSize, SignedPool } from "../../bench/server/pool.js";

const ROOT = join(import.meta.dirname, "../..");
const CHILDREN = join(ROOT, "bench/server/children.ts");
const TARGET = join(ROOT, "bench/server/target.mjs");

describe("signed-request pool", () => {
  it("is sized from the measured rate with headroom, never below the floor", () => {
    expect(poolSize(50_000, 5)).toBe(500_000);
    expect(poolSize(6_000, 5, 1.5)).toBe(45_000);
    expect(poolSize(0, 5)).toBe(5_000);
    expect(poolSize(Number.NaN, 5)).toBe(5_000);
  });
  it("signs ahead, then in batches on demand when a faster run uses it up; never throws", () => {
    let signed = 0;
    const pool = new SignedPool(
      (i) => {
        signed++;
        return { path: `/p?n=${i}`, headers: {} };
      },
      10,
      4,
    );
    expect(signed).toBe(10);
    const paths = Array.from({ length: 17 }, () => pool.next().path);
    expect(new Set(paths).size).toBe(17);
    expect(paths[16]).toBe("/p?n=16");
    expect(pool.lateSigned).toBe(8);
    expect(pool.size).toBe(18);
  });
});

/** True while `pid` exists. */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pids: number[], ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pids.every((p) => !exists(p))) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * A stand-in bench: a child group with two long-lived children (as the bench's targets: IPC
 * channel, own process), printing their pids, then ending the way `how` says.
 */
function fakeBench(how: string): {
  proc: ChildProcess;
  pids: Promise<number[]>;
  exit: Promise<number | null>;
} {
  const program = `
    import { spawn } from "node:child_process";
    const { childGroup } = await import(${JSON.stringify(CHILDREN)});
    const group = childGroup();
    const kids = [0, 1].map(() => group.add(spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); process.send('ready'); setInterval(() => {}, 1000)"], { stdio: ["ignore", "ignore", "ignore", "ipc"] })));
    // each child ignores SIGTERM from here on
    await Promise.all(kids.map((k) => new Promise((r) => k.once("message", r))));
    process.stdout.write(JSON.stringify(kids.map((k) => k.pid)) + "\\n");
    const how = ${JSON.stringify(how)};
    if (how === "throw") setTimeout(() => { throw new Error("boom in a timer"); }, 10);
    else if (how === "reject") Promise.reject(new Error("nobody catches this"));
    else if (how === "exit") process.exit(3);
    else if (how === "normal") { await group.stopAll(300); group.dispose(); process.stdout.write("stopped\\n"); }
    else setInterval(() => {}, 1000);
  `;
  const proc = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", program], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const pids = new Promise<number[]>((resolve, reject) => {
    proc.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0] as string) as number[]);
    });
    proc.once("exit", (c) => reject(new Error(`exited ${c} before printing: ${out}`)));
  });
  const exit = new Promise<number | null>((r) => proc.once("exit", (c) => r(c)));
  return { proc, pids, exit };
}

describe("bench child processes", () => {
  it.each([
    ["normal", 0],
    ["throw", 1],
    ["reject", 1],
    ["exit", 3],
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ])(
    "%s: every child is stopped (children ignoring SIGTERM are killed), bench exits %i",
    async (how, code) => {
      const b = fakeBench(how);
      const pids = await b.pids;
      expect(pids.every(exists)).toBe(true);
      if (how.startsWith("SIG")) b.proc.kill(how as NodeJS.Signals);
      expect(await b.exit).toBe(code);
      expect(await gone(pids)).toBe(true);
    },
    20_000,
  );

  it.runIf(existsSync(join(ROOT, "dist/server/index.js")))(
    "a target exits by itself when the bench is SIGKILLed (its IPC channel closes)",
    async () => {
      const program = `
        import { spawn } from "node:child_process";
        const t = spawn(process.execPath, [${JSON.stringify(TARGET)}, "baseline"], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
        t.stdout.once("data", () => process.stdout.write(JSON.stringify([t.pid]) + "\\n"));
        setInterval(() => {}, 1000);
      `;
      const proc = spawn(process.execPath, ["--input-type=module", "-e", program], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const pids = await new Promise<number[]>((resolve) =>
        proc.stdout?.once("data", (d: Buffer) => resolve(JSON.parse(d.toString()) as number[])),
      );
      expect(pids.every(exists)).toBe(true);
      proc.kill("SIGKILL");
      expect(await gone(pids)).toBe(true);
    },
    20_000,
  );
});
