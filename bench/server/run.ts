/**
 * `npm run bench:server` (issue 4 §7): autocannon, 50 connections, loopback only, ~5 s per
 * scenario, against the reference server (OAuth verification on, SQLite with synchronous=FULL)
 * and a bare node:http JSON handler measured in the same run as the baseline.
 *
 * Honesty notes: every request carries its own OAuth signature and a distinct nonce, signed
 * before the run (a pool, so the load generator's signing cost is not measured); the server
 * verifies each one (HMAC, timestamp window, nonce store) exactly as in production. Every
 * scenario, the baseline included, goes through the same per-request `setupRequest` path, and
 * the baseline is sent the same pre-signed GET requests (it ignores them and answers a fixed
 * JSON body of the same size as people @me/@self). Both targets run under plain `node`, the
 * reference server from the built `dist/` (rebuilt first when missing or older than `src/`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { signRequest } from "../../src/oauth/index.js";
import { ensureFreshBuild } from "./fresh-build.js";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const POOL = Number(process.env.BENCH_POOL ?? 150_000);
const WARMUP_S = 1;

function startTarget(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "target.mjs"), ...args], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
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

/** Pre-signs `POOL` requests (distinct nonces) and returns a setupRequest that hands them out. */
function signedPool(
  base: string,
  s: Scenario,
): (req: { path?: string; headers?: Record<string, string>; body?: string }) => typeof req {
  const pool: { path: string; headers: Record<string, string>; body?: string }[] = [];
  for (let i = 0; i < POOL; i++) {
    const body = s.body?.(i);
    const signed = signRequest({
      method: s.method,
      url: base + s.path,
      consumerKey: "quiz-key",
      consumerSecret: "quiz secret+1/é",
      requestorId: "example.org:alice",
      nonce: `${s.name}-${i}-${Math.random().toString(36).slice(2)}`,
    });
    const u = new URL(signed.url);
    pool.push({
      path: u.pathname + u.search,
      headers: { ...signed.headers, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body } : {}),
    });
  }
  let next = 0;
  return (req) => {
    const item = pool[next++];
    if (!item) throw new Error(`request pool of ${POOL} exhausted: raise BENCH_POOL`);
    return {
      ...req,
      path: item.path,
      headers: item.headers,
      ...(item.body ? { body: item.body } : {}),
    };
  };
}

interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  /** Server CPU time (user + system) per request, µs. */
  cpuPerReq: number;
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
  setup: (req: { headers?: Record<string, string> }) => object,
  seconds = DURATION_S,
): Promise<Row> {
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
  const children: ChildProcess[] = [];
  try {
    const baseline = await startTarget(["baseline"]);
    children.push(baseline.child);
    const ref = await startTarget(["reference", join(dir, "appdata.sqlite")]);
    children.push(ref.child);
    const people = SCENARIOS[0] as Scenario;
    // The baseline receives the very same bytes (pre-signed GET people requests) so the load
    // generator does the same work for both; it just answers a fixed JSON body. It is measured
    // right before each scenario, and each ratio is to that adjacent baseline, so that drift in
    // a shared machine's load affects both sides alike.
    // Warm-up (JIT) of both targets, not reported; GETs only, so that the stored record read by
    // GET appdata is the seeded one (the POST scenario, last, writes 50 more keys).
    await load(baseline, people, signedPool(baseline.url, people), WARMUP_S);
    for (const s of SCENARIOS.filter((x) => x.method === "GET"))
      await load(ref, s, signedPool(ref.url, s), WARMUP_S);
    const rows: (Row & { ratio: number })[] = [];
    for (const s of SCENARIOS) {
      const b = await load(
        baseline,
        { ...people, name: "baseline node:http JSON" },
        signedPool(baseline.url, people),
      );
      rows.push({ ...b, ratio: 1 });
      const r = await load(ref, s, signedPool(ref.url, s));
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
    const errors = rows.reduce((n, r) => n + r.errors, 0);
    if (errors > 0) process.exitCode = 1;
  } finally {
    for (const c of children) c.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
