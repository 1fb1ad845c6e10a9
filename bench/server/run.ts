/**
 * `npm run bench:server` (issue 4 §7): autocannon, 50 connections, loopback only, ~5 s per
 * scenario, against the reference server (OAuth verification on, SQLite with synchronous=FULL)
 * and a bare node:http JSON handler measured in the same run as the baseline.
 *
 * Honesty notes: every request carries its own OAuth signature and a distinct nonce, signed
 * before the run (a pool sized from the rate measured in the warm-up, so the load generator's
 * signing cost is not measured; should a faster run use it up, the next batches are signed on
 * demand and the table says how many, see pool.ts); the server
 * verifies each one (HMAC, timestamp window, nonce store) exactly as in production. Every
 * scenario, the baseline included, goes through the same per-request `setupRequest` path, and
 * the baseline is sent the same pre-signed GET requests (it ignores them and answers a fixed
 * JSON body of the same size as people @me/@self). Both targets run under plain `node`, the
 * reference server from the built `dist/` (rebuilt first when missing or older than `src/`).
 * Both are stopped on every exit path (children.ts), and exit by themselves if the bench is killed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { signRequest } from "../../src/oauth/index.js";
import { type ChildGroup, childGroup } from "./children.js";
import { ensureFreshBuild } from "./fresh-build.js";
import { type PoolItem, poolSize, SignedPool } from "./pool.js";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = 1;
/** The warm-up's pool is sized for this rate (req/s; later batches are signed on demand). */
const WARMUP_RATE = 40_000;

function startTarget(
  group: ChildGroup,
  args: string[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = group.add(
    spawn(process.execPath, [join(import.meta.dirname, "target.mjs"), ...args], {
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    }),
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line)
        resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.once("exit", (code) => reject(new Error(`target exited ${code}`)));
  });
}

interface Scenario {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: (i: number) => string;
}

/**
 * A pool of `count` pre-signed requests for scenario `s` (distinct nonces; more are signed on
 * demand if the load outruns it) and the setupRequest that hands them out.
 */
function signedPool(
  base: string,
  s: Scenario,
  count: number,
): {
  pool: SignedPool;
  setup: (req: { path?: string; headers?: Record<string, string>; body?: string }) => typeof req;
} {
  const salt = Math.random().toString(36).slice(2);
  const pool = new SignedPool((i): PoolItem => {
    const body = s.body?.(i);
    const signed = signRequest({
      method: s.method,
      url: base + s.path,
      consumerKey: "quiz-key",
      consumerSecret: "quiz secret+1/é",
      requestorId: "example.org:alice",
      nonce: `${s.name}-${i}-${salt}`,
    });
    const u = new URL(signed.url);
    return {
      path: u.pathname + u.search,
      headers: { ...signed.headers, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body } : {}),
    };
  }, count);
  return {
    pool,
    setup: (req) => {
      const item = pool.next();
      return {
        ...req,
        path: item.path,
        headers: item.headers,
        ...(item.body ? { body: item.body } : {}),
      };
    },
  };
}

interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  /** Server CPU time (user + system) per request, µs. */
  cpuPerReq: number;
  /** Requests signed during the load because the pre-signed pool ran out. */
  lateSigned: number;
}

/** The target's CPU time so far, µs. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve((m as { cpu: number }).cpu));
    child.send("cpu");
  });
}

async function load(
  target: { url: string; child: ChildProcess },
  s: Scenario,
  rate: number,
  seconds = DURATION_S,
): Promise<Row> {
  const { pool, setup } = signedPool(target.url, s, poolSize(rate, seconds));
  const url = target.url;
  const cpu0 = await cpuOf(target.child);
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: s.method, path: s.path, setupRequest: setup }],
  });
  const cpu = (await cpuOf(target.child)) - cpu0;
  return {
    name: s.name,
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuPerReq: cpu / Math.max(1, r.requests.total),
    lateSigned: pool.lateSigned,
  };
}

const SCENARIOS: Scenario[] = [
  { name: "GET people @me/@self", method: "GET", path: "/os/0.8/people/@me/@self" },
  { name: "GET appdata @me/@self", method: "GET", path: "/os/0.8/appdata/@me/@self/@app" },
  {
    name: "POST appdata (durable)",
    method: "POST",
    path: "/os/0.8/appdata/@me/@self/@app",
    body: (i) => JSON.stringify({ [`k${i % 50}`]: `value-${i}` }),
  },
];

async function main(): Promise<void> {
  ensureFreshBuild(join(import.meta.dirname, "..", ".."));
  const dir = mkdtempSync(join(tmpdir(), "osk-bench-"));
  const group = childGroup();
  try {
    const baseline = await startTarget(group, ["baseline"]);
    const ref = await startTarget(group, ["reference", join(dir, "appdata.sqlite")]);
    const people = SCENARIOS[0] as Scenario;
    // The baseline receives the very same bytes (pre-signed GET people requests) so the load
    // generator does the same work for both; it just answers a fixed JSON body. It is measured
    // right before each scenario, and each ratio is to that adjacent baseline, so that drift in
    // a shared machine's load affects both sides alike.
    // Warm-up (JIT) of both targets, not reported; GETs only, so that the stored record read by
    // GET appdata is the seeded one (the POST scenario, last, writes 50 more keys). Two rounds:
    // the first is cold (JIT), the second's rates size the pools of the measured runs (POST from
    // the GET appdata rate); each measured run raises its target's rate for the next pool.
    let baselineRate = 0;
    const rates = new Map<string, number>();
    for (let round = 0; round < 2; round++) {
      baselineRate = (await load(baseline, people, WARMUP_RATE, WARMUP_S)).rps;
      for (const s of SCENARIOS.filter((x) => x.method === "GET"))
        rates.set(s.path, (await load(ref, s, WARMUP_RATE, WARMUP_S)).rps);
    }
    const rows: (Row & { ratio: number })[] = [];
    for (const s of SCENARIOS) {
      const b = await load(baseline, { ...people, name: "baseline node:http JSON" }, baselineRate);
      baselineRate = Math.max(baselineRate, b.rps);
      rows.push({ ...b, ratio: 1 });
      const r = await load(ref, s, rates.get(s.path) ?? baselineRate);
      rows.push({ ...r, ratio: r.rps / b.rps });
    }
    process.stdout.write(
      `\nserver bench: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback, node ${process.version}\n`,
    );
    process.stdout.write(
      `${"scenario".padEnd(28)}${"req/s".padStart(10)}${"p99 ms".padStart(9)}${"ratio".padStart(8)}${"errors".padStart(8)}${"srv CPU µs/req".padStart(16)}\n`,
    );
    for (const r of rows)
      process.stdout.write(
        `${r.name.padEnd(28)}${r.rps.toFixed(0).padStart(10)}${r.p99.toFixed(1).padStart(9)}${r.ratio.toFixed(2).padStart(8)}${String(r.errors).padStart(8)}${r.cpuPerReq.toFixed(0).padStart(16)}\n`,
      );
    const late = rows.filter((r) => r.lateSigned > 0);
    for (const r of late)
      process.stdout.write(
        `note: ${r.name}: ${r.lateSigned} requests were signed during the load (the pre-signed pool, sized from the warm-up rate, ran out); its req/s includes that client work\n`,
      );
    const errors = rows.reduce((n, r) => n + r.errors, 0);
    if (errors > 0) process.exitCode = 1;
  } finally {
    await group.stopAll();
    group.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
