/**
 * Scale-out and restarts with real processes over one PostgreSQL cluster: 16 writers over two
 * instances, one killed with SIGKILL mid-load, lose no acknowledged write (P-DATA-4); `serve
 * --data postgres://…` answers `/healthz` without authentication, logs one JSON line per request
 * without credentials, finishes an in-flight write on SIGTERM and then exits (pool closed); an
 * unreachable database stops `serve` at start with a clear message and no password.
 */
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/index.js";
import { call, opened } from "./harness.js";
import { type PgCluster, startCluster } from "./pg-cluster.js";
import { serve } from "./serve-child.js";
import { spawnServer } from "./spawn-server.js";

const SELF = "/os/0.8/appdata/@me/@self/@app";
let cluster: PgCluster;
const children: ChildProcess[] = [];
beforeAll(() => {
  cluster = startCluster();
}, 90_000);
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  cluster?.remove();
});

async function storedKeys(url: string): Promise<Set<string>> {
  const store = opened(openStore(url));
  try {
    return new Set((await store.read("quiz", "example.org:alice")).keys());
  } finally {
    await store.close();
  }
}

describe("SIGKILL of one instance during writes over two", () => {
  it("every acknowledged write is stored, and the other instance keeps answering", async () => {
    const url = await cluster.createDatabase();
    const instances = await Promise.all([spawnServer(url), spawnServer(url)]);
    children.push(...instances.map((i) => i.child));
    const [victim, survivor] = instances as [
      { child: ChildProcess; url: string },
      { child: ChildProcess; url: string },
    ];
    const acked: string[] = [];
    let killed = false;
    let ackedAfterKill = 0;
    let stop = false;
    const writer = async (w: number): Promise<void> => {
      const to = w % 2 ? survivor.url : victim.url;
      for (let n = 0; !stop; n++) {
        const key = `w${w}_${n}`;
        try {
          const r = await call(to, { method: "POST", path: SELF, json: { [key]: "v" } });
          if (r.status === 200) {
            acked.push(key);
            if (killed) ackedAfterKill++;
          }
        } catch {
          return; // the connection died with the instance
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 1500));
    const exited = new Promise((r) => victim.child.once("exit", r));
    victim.child.kill("SIGKILL");
    killed = true;
    await exited;
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await Promise.all(writers);
    expect(acked.filter((k) => Number(k.slice(1).split("_")[0]) % 2 === 0).length).toBeGreaterThan(
      8,
    );
    expect(ackedAfterKill).toBeGreaterThan(0);
    const stored = await storedKeys(url);
    expect(acked.filter((k) => !stored.has(k))).toEqual([]);
    survivor.child.kill("SIGKILL");
  }, 60_000);
});

describe("serve --data postgres://…", () => {
  it("/healthz, JSON request logs without credentials, SIGTERM finishes an in-flight write", async () => {
    const url = await cluster.createDatabase();
    const s = serve(["--port", "0", "--data", url, "--log-requests"]);
    children.push(s.child);
    const base = await s.listening();
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    // OAuth parameters in the query string, so the request line carries the signature
    const read = await call(base, { path: `${SELF}?fields=score`, placement: "query" });
    expect(read.status).toBe(200);
    // A write held inside PostgreSQL (its record lock taken here) while SIGTERM arrives.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock(hashtext('quiz'), hashtext('example.org:alice'))");
    const inFlight = call(base, { method: "POST", path: SELF, json: { duringShutdown: "1" } });
    await expect
      .poll(async () => {
        const r = await holder.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        return (r.rows[0] as { n: number }).n;
      })
      .toBe(1);
    s.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await holder.query("SELECT pg_advisory_unlock_all()");
    await holder.end();
    expect((await inFlight).status).toBe(200);
    expect(await s.exit).toBe(0); // exits by itself: the pool is closed
    expect((await storedKeys(url)).has("duringShutdown")).toBe(true);
    const { out } = s.output();
    const lines = out.split("\n").filter((l) => l.startsWith("{"));
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => [e.method, e.path, e.status])).toEqual([
      ["GET", "/healthz", 200],
      ["GET", SELF, 200],
      ["POST", SELF, 200],
    ]);
    for (const e of entries)
      expect(Object.keys(e).sort()).toEqual(
        ["bytesIn", "bytesOut", "method", "ms", "path", "status", "time"].sort(),
      );
    // The log lines (the start-up text explains OAuth to newcomers, so it is not scanned).
    expect(lines.join("\n")).not.toMatch(/oauth_signature|oauth_nonce|OAuth |authorization/i);
    expect(out).not.toMatch(/oauth_signature|oauth_nonce/);
    expect(out).toContain("stopped");
  }, 60_000);

  it("an unreachable database: exit 1 at start, the redacted URL, no stack", async () => {
    const url = `postgres://osk:pw-not-shown@${encodeURIComponent(`${cluster.dir}/none`)}/db`;
    const s = serve(["--port", "0", "--data", url]);
    expect(await s.exit).toBe(1);
    const { err, out } = s.output();
    expect(err).toMatch(/--data postgres:\/\/osk:\*\*\*@.*not available/);
    expect(err + out).not.toContain("pw-not-shown");
    expect(err).not.toMatch(/at .*\.[jt]s:\d+/);
  });

  it.each([
    [
      "a database that does not exist (3D000)",
      () => cluster.url("osk_no_such_db"),
      /does not exist/,
    ],
    [
      "a role that does not exist (28000)",
      () => cluster.url().replace("postgres://postgres@", "postgres://osk_nobody@"),
      /role "osk_nobody" does not exist/,
    ],
  ])(
    "%s: exit 1 at start with the database's reason, not an internal error",
    async (_n, url, why) => {
      const s = serve(["--port", "0", "--data", `${url()}?password=pw-not-shown`]);
      expect(await s.exit).toBe(1);
      const { err, out } = s.output();
      expect(err).toMatch(/not available/);
      expect(err).toMatch(why);
      expect(err).toContain("password=***");
      expect(err + out).not.toContain("pw-not-shown");
      expect(err).not.toMatch(/internal error|at .*\.[jt]s:\d+/);
    },
  );
});
