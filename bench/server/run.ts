/**
 * `npm run bench:server`: autocannon, 50 connections, loopback only, five 2 s
 * slices per scenario taken in turn with the baseline's, against the reference server (OAuth
 * verification on, SQLite with synchronous=FULL) and a bare node:http JSON handler measured in
 * the same run as the baseline.
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
 * `--store postgres` adds, beside the SQLite reference, the PostgreSQL store with one
 * instance and with two instances over one database (a throwaway cluster with PostgreSQL's
 * durable defaults: fsync on, synchronous_commit on). Two instances are loaded directly, the
 * connections split between them (what a load balancer would do, without measuring one), and
 * their CPU is summed; the PostgreSQL server's own CPU per request (postmaster and backends,
 * from /proc) is a column of its own.
 *
 * `--connections N` (N > 50, e.g. 1000) holds N keep-alive connections open on a
 * fresh reference server for 30 s per scenario (GET people, durable POST; `BENCH_SECONDS`
 * overrides) and reports errors (goal 0), p99 and the server's peak resident memory.
 *
 * Beside GET people, in the same slices, a `floor` target (floor.mjs) does the least work a
 * verified GET takes (header, base string, HMAC, timestamp, nonce, JSON) on the same node:http
 * handler as the baseline: its ratios bound what any server verifying each request can reach here.
 *
 * Each run ends with the goals and whether this run met them (GET people and GET appdata at
 * least 0.8 of the baseline, and at most 1.4 times its server CPU a request, the
 * median of the slices' ratios; no error anywhere).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { signRequest } from "../../src/oauth/index.js";
import { type PgCluster, startCluster } from "../../test/server/pg-cluster.js";
import { goalLine, median } from "../summary.js";
import { type ChildGroup, childGroup } from "./children.js";
import { ensureFreshBuild } from "./fresh-build.js";
import { type PoolItem, poolSize, SignedPool } from "./pool.js";

/** `--name value` as a number, or `fallback`. */
function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} takes a positive integer`);
  return v;
}

/** Connections of the ratio scenarios; more than this turns on the held-connections run. */
const RATIO_CONNECTIONS = 50;
const CONNECTIONS = numberArg("--connections", RATIO_CONNECTIONS);
const HELD = CONNECTIONS > RATIO_CONNECTIONS;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? (HELD ? 30 : 5));
/**
 * The ratio scenarios alternate with the baseline in slices of `SLICE_S` (`SLICES` of each), so
 * that the shared machine's drift (its speed moved by up to 40 % between two 5 s runs) hits both
 * sides alike; a ratio is the median of the slices' ratios.
 */
const SLICE_S = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
const SLICES = Number(process.env.BENCH_SLICES ?? 5);
/** GET with OAuth verified at least this share of the bare handler's rate. */
const GET_GOAL = 0.8;
/**
 * GET's server CPU per request at most this many times the bare handler's: the throughput ratio
 * moves with how much of the two cores the load generator takes, the CPU a request costs less.
 */
const GET_CPU_GOAL = 1.4;
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

/**
 * `BENCH_CPU_PROF=DIR`: every target runs with `--cpu-prof` and writes its profile into DIR
 * when stopped (open it in Chrome DevTools or summarise it with `bench/server/profile-top.ts`).
 * The profiler costs CPU of its own: ratios of such a run are not figures.
 */
const PROFILE_ARGS = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

type Target = { child: ChildProcess; url: string };

function startTarget(group: ChildGroup, args: string[]): Promise<Target> {
  const child = group.add(
    spawn(process.execPath, [...PROFILE_ARGS, join(import.meta.dirname, "target.mjs"), ...args], {
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
  /** What the errors were: connection errors, timeouts, answers by status (empty when none). */
  errorDetail: string;
  /** Server CPU time (user + system) per request, µs. */
  cpuPerReq: number;
  /** Requests signed during the load because the pre-signed pool ran out. */
  lateSigned: number;
  /** [second of the run, errors in it], for the seconds that had any. */
  errorSeconds: [number, number][];
}

/** The target's CPU time so far, µs. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve((m as { cpu: number }).cpu));
    child.send("cpu");
  });
}

/** The target's peak resident memory since it started, MiB. */
function peakRssOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve((m as { maxRssKiB: number }).maxRssKiB / 1024));
    child.send("rss");
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
  connections = RATIO_CONNECTIONS,
  headroom = 2,
): Promise<Row & { pgCpuPerReq: number }> {
  const list = Array.isArray(targets) ? targets : [targets];
  const setups = list.map((t) => {
    const size = poolSize(rate / list.length, seconds, headroom);
    const { pool, setup } = signedPool(t.url, s, size);
    return { t, pool, setupRequest: setup };
  });
  const cpu0 = await Promise.all(list.map((t) => cpuOf(t.child)));
  const pg0 = pg?.cpuMicros() ?? 0;
  const started = performance.now();
  /** Errors (timeouts included) by the second of the run they happened in. */
  const errorSeconds = new Map<number, number>();
  const runs = await Promise.all(
    setups.map(({ t, setupRequest }) => {
      const run = autocannon({
        url: t.url,
        connections: Math.round(connections / list.length),
        duration: seconds,
        requests: [{ method: s.method, path: s.path, setupRequest }],
      });
      run.on("reqError", () => {
        const at = Math.floor((performance.now() - started) / 1000);
        errorSeconds.set(at, (errorSeconds.get(at) ?? 0) + 1);
      });
      return run;
    }),
  );
  const cpu1 = await Promise.all(list.map((t) => cpuOf(t.child)));
  const pgCpu = (pg?.cpuMicros() ?? 0) - pg0;
  const total = runs.reduce((n, r) => n + r.requests.total, 0);
  const cpu = cpu1.reduce((n, c, i) => n + c - (cpu0[i] ?? 0), 0);
  return {
    name: s.name,
    rps: runs.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    // autocannon counts a timeout among its errors as well: counted once here.
    errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
    errorDetail: errorDetail(runs),
    errorSeconds: [...errorSeconds].sort((a, b) => a[0] - b[0]),
    cpuPerReq: cpu / Math.max(1, total),
    pgCpuPerReq: pg ? pgCpu / Math.max(1, total) : Number.NaN,
    lateSigned: setups.reduce((n, x) => n + x.pool.lateSigned, 0),
  };
}

/** The row of the floor target (floor.mjs), measured in the GET people scenario only. */
const FLOOR_NAME = "floor: least verified GET";

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

/** "3 connection errors, 1 timeout, 2 × 503" for the failures of `runs`. */
function errorDetail(runs: Awaited<ReturnType<typeof autocannon>>[]): string {
  const parts: string[] = [];
  const conn = runs.reduce((n, r) => n + r.errors - r.timeouts, 0);
  const timeouts = runs.reduce((n, r) => n + r.timeouts, 0);
  if (conn > 0) parts.push(`${conn} connection errors`);
  if (timeouts > 0) parts.push(`${timeouts} timeouts`);
  const byStatus = new Map<string, number>();
  for (const r of runs)
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {}))
      if (!code.startsWith("2")) byStatus.set(code, (byStatus.get(code) ?? 0) + count);
  for (const [code, n] of byStatus) parts.push(`${n} × ${code}`);
  return parts.join(", ");
}

/** One row for the slices of one target: mean req/s, worst p99, errors summed, CPU per request over all. */
function combine<R extends Row & { pgCpuPerReq?: number }>(
  slices: readonly R[],
): R & { pgCpuPerReq: number } {
  const first = slices[0] as R;
  const requests = slices.reduce((n, r) => n + r.rps, 0);
  const weighted = (f: (r: R) => number): number =>
    slices.reduce((n, r) => n + f(r) * r.rps, 0) / Math.max(1, requests);
  return {
    ...first,
    rps: requests / slices.length,
    p99: Math.max(...slices.map((r) => r.p99)),
    errors: slices.reduce((n, r) => n + r.errors, 0),
    errorDetail: slices
      .map((r) => r.errorDetail)
      .filter((d) => d)
      .join("; "),
    errorSeconds: [],
    cpuPerReq: weighted((r) => r.cpuPerReq),
    pgCpuPerReq: weighted((r) => r.pgCpuPerReq ?? Number.NaN),
    lateSigned: slices.reduce((n, r) => n + r.lateSigned, 0),
  };
}

/**
 * `CONNECTIONS` keep-alive connections held on a fresh reference server (SQLite,
 * durable) for `DURATION_S` per scenario; errors, p99 and the server's peak memory.
 */
async function held(group: ChildGroup, dir: string): Promise<void> {
  const ref = await startTarget(group, ["reference", join(dir, "held.sqlite")]);
  const [people, , post] = SCENARIOS as [Scenario, Scenario, Scenario];
  // Warm-up at the ratio scenarios' concurrency: JIT, and the rate that sizes the pools
  // (every request of the held run is signed before it starts, twice the warm-up rate).
  const rate = (await load(ref, people, WARMUP_RATE, WARMUP_S)).rps;
  const rows: Row[] = [];
  for (const s of [people, post])
    rows.push(await load(ref, s, rate, DURATION_S, undefined, CONNECTIONS, 2));
  const rss = await peakRssOf(ref.child);
  process.stdout.write(
    `\nserver bench, held connections: ${CONNECTIONS} keep-alive connections, ${DURATION_S} s each, loopback, node ${process.version}\n`,
  );
  process.stdout.write(
    `${"scenario".padEnd(28)}${"req/s".padStart(10)}${"p99 ms".padStart(9)}${"errors".padStart(8)}${"srv CPU µs/req".padStart(16)}\n`,
  );
  for (const r of rows)
    process.stdout.write(
      `${r.name.padEnd(28)}${r.rps.toFixed(0).padStart(10)}${r.p99.toFixed(1).padStart(9)}${String(r.errors).padStart(8)}${r.cpuPerReq.toFixed(0).padStart(16)}\n`,
    );
  for (const r of rows.filter((x) => x.lateSigned > 0))
    process.stdout.write(`note: ${r.name}: ${r.lateSigned} requests signed during the load\n`);
  for (const r of rows.filter((x) => x.errorDetail))
    process.stdout.write(
      `errors: ${r.name}: ${r.errorDetail}; by second of the run: ${r.errorSeconds.map(([at, n]) => `${at}s ${n}`).join(", ")}\n`,
    );
  process.stdout.write(`server peak resident memory: ${rss.toFixed(0)} MiB\n`);
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  process.stdout.write(
    goalLine(
      `${CONNECTIONS} connections, GET and durable POST, 0 errors`,
      `${errors} errors`,
      errors === 0,
    ),
  );
  if (errors > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  ensureFreshBuild(join(import.meta.dirname, "..", ".."));
  const dir = mkdtempSync(join(tmpdir(), "osk-bench-"));
  const group = childGroup();
  let cluster: PgCluster | undefined;
  try {
    if (HELD) {
      await held(group, dir);
      return;
    }
    const baseline = await startTarget(group, ["baseline"]);
    // The least work of a verified GET people (floor.mjs), measured beside it as a lower bound.
    const floor = await startTarget(group, ["floor"]);
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
    let floorRate = 0;
    const rates = new Map<string, number>();
    for (let round = 0; round < 2; round++) {
      baselineRate = (await load(baseline, people, WARMUP_RATE, WARMUP_S)).rps;
      floorRate = (await load(floor, people, WARMUP_RATE, WARMUP_S)).rps;
      for (const c of configs)
        for (const s of SCENARIOS.filter((x) => x.method === "GET"))
          rates.set(
            `${c.label} ${s.path}`,
            (await load(c.targets, s, WARMUP_RATE, WARMUP_S, c.pg)).rps,
          );
    }
    const rows: (Row & { ratio: number; cpuRatio: number; pgCpuPerReq: number })[] = [];
    for (const s of SCENARIOS) {
      // Baseline and scenario in alternating slices; each ratio is the median of the slices'.
      const base: Row[] = [];
      const byConfig = configs.map(() => [] as (Row & { pgCpuPerReq: number })[]);
      const ratios = configs.map(() => [] as number[]);
      const cpuRatios = configs.map(() => [] as number[]);
      const floors: { row: Row; ratio: number; cpuRatio: number }[] = [];
      for (let slice = 0; slice < SLICES; slice++) {
        const b = await load(
          baseline,
          { ...people, name: "baseline node:http JSON" },
          baselineRate,
          SLICE_S,
        );
        baselineRate = Math.max(baselineRate, b.rps);
        base.push(b);
        for (const [i, c] of configs.entries()) {
          const r = await load(
            c.targets,
            s,
            rates.get(`${c.label} ${s.path}`) ?? baselineRate,
            SLICE_S,
            c.pg,
          );
          byConfig[i]?.push(r);
          ratios[i]?.push(r.rps / b.rps);
          cpuRatios[i]?.push(r.cpuPerReq / b.cpuPerReq);
        }
        if (s !== people) continue;
        const f = await load(floor, { ...people, name: FLOOR_NAME }, floorRate, SLICE_S);
        floorRate = Math.max(floorRate, f.rps);
        floors.push({ row: f, ratio: f.rps / b.rps, cpuRatio: f.cpuPerReq / b.cpuPerReq });
      }
      rows.push({ ...combine(base), pgCpuPerReq: Number.NaN, ratio: 1, cpuRatio: 1 });
      for (const [i, c] of configs.entries()) {
        const r = combine(byConfig[i] ?? []);
        const name = configs.length > 1 ? `${r.name} [${c.label}]` : r.name;
        rows.push({
          ...r,
          name,
          ratio: median(ratios[i] ?? []),
          cpuRatio: median(cpuRatios[i] ?? []),
        });
      }
      if (floors.length > 0)
        rows.push({
          ...combine(floors.map((f) => f.row)),
          ratio: median(floors.map((f) => f.ratio)),
          cpuRatio: median(floors.map((f) => f.cpuRatio)),
        });
    }
    const wide = configs.length > 1;
    const w = wide ? 40 : 28;
    process.stdout.write(
      `\nserver bench: ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_S} s per scenario taken in turn with the baseline (ratios: medians of the slices'), loopback, node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    process.stdout.write(
      `${"scenario".padEnd(w)}${"req/s".padStart(10)}${"p99 ms".padStart(9)}${"ratio".padStart(8)}${"errors".padStart(8)}${"srv CPU µs/req".padStart(16)}${"CPU ratio".padStart(11)}${wide ? "pg CPU µs/req".padStart(15) : ""}\n`,
    );
    for (const r of rows)
      process.stdout.write(
        `${r.name.padEnd(w)}${r.rps.toFixed(0).padStart(10)}${r.p99.toFixed(1).padStart(9)}${r.ratio.toFixed(2).padStart(8)}${String(r.errors).padStart(8)}${r.cpuPerReq.toFixed(0).padStart(16)}${r.cpuRatio.toFixed(2).padStart(11)}${wide ? (Number.isNaN(r.pgCpuPerReq) ? "" : r.pgCpuPerReq.toFixed(0)).padStart(15) : ""}\n`,
      );
    for (const r of rows.filter((x) => x.lateSigned > 0))
      process.stdout.write(
        `note: ${r.name}: ${r.lateSigned} requests were signed during the load (the pre-signed pool, sized from the warm-up rate, ran out); its req/s includes that client work\n`,
      );
    for (const r of rows.filter((x) => x.errorDetail))
      process.stdout.write(`errors: ${r.name}: ${r.errorDetail}\n`);
    const errors = rows.reduce((n, r) => n + r.errors, 0);
    process.stdout.write("\n");
    const least = rows.find((x) => x.name === FLOOR_NAME);
    if (least)
      process.stdout.write(
        `floor: the least work of a verified GET people (floor.mjs) reads ${least.ratio.toFixed(2)} of the baseline's rate and ${least.cpuRatio.toFixed(2)}× its CPU a request; a server on node:http that verifies each request as it does is not cheaper here\n`,
      );
    for (const r of rows.filter(
      (x) => x.name.startsWith("GET") && (!wide || x.name.endsWith("[sqlite]")),
    ))
      process.stdout.write(
        goalLine(
          `${r.name}: at least ${GET_GOAL} of the baseline`,
          `${r.ratio.toFixed(2)} (CPU ${r.cpuPerReq.toFixed(0)} µs/req)`,
          r.ratio >= GET_GOAL,
        ) +
          goalLine(
            `${r.name}: CPU at most ${GET_CPU_GOAL}× the baseline's`,
            `${r.cpuRatio.toFixed(2)}×`,
            r.cpuRatio <= GET_CPU_GOAL,
          ),
      );
    process.stdout.write(goalLine("no error in any scenario", `${errors} errors`, errors === 0));
    if (errors > 0) process.exitCode = 1;
  } finally {
    await group.stopAll();
    group.dispose();
    cluster?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
