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
 *
 * `--store postgres` (issue 12) adds, beside the SQLite reference, the PostgreSQL store with one
 * instance and with two instances over one database (a throwaway cluster with PostgreSQL's
 * durable defaults: fsync on, synchronous_commit on). Two instances are loaded directly, the
 * connections split between them (what a load balancer would do, without measuring one), and
 * their CPU is summed; the PostgreSQL server's own CPU per request (postmaster and backends,
 * from /proc) is a column of its own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { signRequest } from "../../src/oauth/index.js";
import { type PgCluster, startCluster } from "../../test/server/pg-cluster.js";
import { type ChildGroup, childGroup } from "./children.js";
import { ensureFreshBuild } from "./fresh-build.js";
import { type PoolItem, poolSize, SignedPool } from "./pool.js";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = 1;
/** The warm-up's pool is sized for this rate (req/s; later batches are signed on demand). */
const WARMUP_RATE = 40_000;
/** `--store sqlite` (default) or `--store postgres`. */
const STORE = (() => {
  const i = process.argv.indexOf("--store");
  const v = i >= 0 ? process.argv[i + 1] : "sqlite";
  if (v !== "sqlite" && v !== "postgres") throw new Error("--store sqlite|postgres");
  return v;
})();

type Target = { child: ChildProcess; url: string };

function startTarget(group: ChildGroup, args: string[]): Promise<Target> {
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

/**
 * Loads `targets` at once for `seconds`, the connections split between them, each with its own
 * pre-signed requests; req/s and requests are summed, p99 is the worst, CPU is summed.
 */
async function load(
  targets: Target | Target[],
  s: Scenario,
  rate: number,
  seconds = DURATION_S,
  pg?: PgCluster,
): Promise<Row & { pgCpuPerReq: number }> {
  const list = Array.isArray(targets) ? targets : [targets];
  const setups = list.map((t) => {
    const { pool, setup } = signedPool(t.url, s, poolSize(rate / list.length, seconds));
    return { t, pool, setupRequest: setup };
  });
  const cpu0 = await Promise.all(list.map((t) => cpuOf(t.child)));
  const pg0 = pg?.cpuMicros() ?? 0;
  const runs = await Promise.all(
    setups.map(({ t, setupRequest }) =>
      autocannon({
        url: t.url,
        connections: Math.round(CONNECTIONS / list.length),
        duration: seconds,
        requests: [{ method: s.method, path: s.path, setupRequest }],
      }),
    ),
  );
  const cpu1 = await Promise.all(list.map((t) => cpuOf(t.child)));
  const pgCpu = (pg?.cpuMicros() ?? 0) - pg0;
  const total = runs.reduce((n, r) => n + r.requests.total, 0);
  const cpu = cpu1.reduce((n, c, i) => n + c - (cpu0[i] ?? 0), 0);
  return {
    name: s.name,
    rps: runs.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
    cpuPerReq: cpu / Math.max(1, total),
    pgCpuPerReq: pg ? pgCpu / Math.max(1, total) : Number.NaN,
    lateSigned: setups.reduce((n, x) => n + x.pool.lateSigned, 0),
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
  let cluster: PgCluster | undefined;
  try {
    const baseline = await startTarget(group, ["baseline"]);
    const ref = await startTarget(group, ["reference", join(dir, "appdata.sqlite")]);
    /** The reference configurations measured, each a name and the instances it loads. */
    const configs: { label: string; targets: Target[]; pg?: PgCluster }[] = [
      { label: "sqlite", targets: [ref] },
    ];
    if (STORE === "postgres") {
      cluster = startCluster({ durable: true });
      const url = await cluster.createDatabase("osk_bench");
      const one = await startTarget(group, ["reference", url]);
      const two = await startTarget(group, ["reference", url]);
      configs.push(
        { label: "pg ×1", targets: [one], pg: cluster },
        { label: "pg ×2", targets: [one, two], pg: cluster },
      );
    }
    const people = SCENARIOS[0] as Scenario;
    // The baseline receives the very same bytes (pre-signed GET people requests) so the load
    // generator does the same work for both; it just answers a fixed JSON body. It is measured
    // right before each scenario, and each ratio is to that adjacent baseline, so that drift in
    // a shared machine's load affects both sides alike.
    // Warm-up (JIT) of every target, not reported; GETs only, so that the stored record read by
    // GET appdata is the seeded one (the POST scenario, last, writes 50 more keys).
    // Two rounds: the first is cold (JIT), the second's rates size the pools of the measured
    // runs (POST from the GET appdata rate); each measured run raises the rate for the next pool.
    let baselineRate = 0;
    const rates = new Map<string, number>();
    for (let round = 0; round < 2; round++) {
      baselineRate = (await load(baseline, people, WARMUP_RATE, WARMUP_S)).rps;
      for (const c of configs)
        for (const s of SCENARIOS.filter((x) => x.method === "GET"))
          rates.set(
            `${c.label} ${s.path}`,
            (await load(c.targets, s, WARMUP_RATE, WARMUP_S, c.pg)).rps,
          );
    }
    const rows: (Row & { ratio: number; pgCpuPerReq: number })[] = [];
    for (const s of SCENARIOS) {
      const b = await load(baseline, { ...people, name: "baseline node:http JSON" }, baselineRate);
      baselineRate = Math.max(baselineRate, b.rps);
      rows.push({ ...b, ratio: 1 });
      for (const c of configs) {
        const r = await load(
          c.targets,
          s,
          rates.get(`${c.label} ${s.path}`) ?? baselineRate,
          DURATION_S,
          c.pg,
        );
        const name = configs.length > 1 ? `${r.name} [${c.label}]` : r.name;
        rows.push({ ...r, name, ratio: r.rps / b.rps });
      }
    }
    const wide = configs.length > 1;
    const w = wide ? 40 : 28;
    process.stdout.write(
      `\nserver bench: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback, node ${process.version}\n`,
    );
    process.stdout.write(
      `${"scenario".padEnd(w)}${"req/s".padStart(10)}${"p99 ms".padStart(9)}${"ratio".padStart(8)}${"errors".padStart(8)}${"srv CPU µs/req".padStart(16)}${wide ? "pg CPU µs/req".padStart(15) : ""}\n`,
    );
    for (const r of rows)
      process.stdout.write(
        `${r.name.padEnd(w)}${r.rps.toFixed(0).padStart(10)}${r.p99.toFixed(1).padStart(9)}${r.ratio.toFixed(2).padStart(8)}${String(r.errors).padStart(8)}${r.cpuPerReq.toFixed(0).padStart(16)}${wide ? (Number.isNaN(r.pgCpuPerReq) ? "" : r.pgCpuPerReq.toFixed(0)).padStart(15) : ""}\n`,
      );
    for (const r of rows.filter((x) => x.lateSigned > 0))
      process.stdout.write(
        `note: ${r.name}: ${r.lateSigned} requests were signed during the load (the pre-signed pool, sized from the warm-up rate, ran out); its req/s includes that client work\n`,
      );
    const errors = rows.reduce((n, r) => n + r.errors, 0);
    if (errors > 0) process.exitCode = 1;
  } finally {
    await group.stopAll();
    group.dispose();
    cluster?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
