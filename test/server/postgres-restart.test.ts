/**
 * While PostgreSQL restarts, a write in flight answers 5xx or succeeds, never a
 * 200 that is then lost (P-DATA-4); `/healthz` answers 503 while the database is down and 200
 * once it is back; the pool reconnects by itself. The cluster is this file's own, since it is
 * restarted.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/index.js";
import { call, opened, type Running, start } from "./harness.js";
import { type PgCluster, startCluster } from "./pg-cluster.js";

const SELF = "/os/0.8/appdata/@me/@self/@app";
let cluster: PgCluster;
let url: string;
let s: Running;
beforeAll(async () => {
  cluster = startCluster();
  url = await cluster.createDatabase();
  s = await start({ data: url });
}, 90_000);
afterAll(async () => {
  await s?.close();
  cluster?.remove();
});

/** The keys of alice's quiz record as stored, read through a store of its own. */
async function storedKeys(): Promise<Set<string>> {
  const store = opened(openStore(url));
  try {
    return new Set((await store.read("quiz", "example.org:alice")).keys());
  } finally {
    await store.close();
  }
}

describe("a database restart", () => {
  it("a write held in flight when PostgreSQL crashes answers 503; the next one succeeds", async () => {
    // Hold alice's record lock (the one every write takes), so the POST waits inside PostgreSQL.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    holder.on("error", () => {}); // it dies with the restart
    await holder.query("SELECT pg_advisory_lock(hashtext('quiz'), hashtext('example.org:alice'))");
    const inFlight = call(s.url, { method: "POST", path: SELF, json: { heldKey: "1" } });
    await expect
      .poll(async () => {
        const r = await holder.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        return (r.rows[0] as { n: number }).n;
      })
      .toBe(1);
    await cluster.restartAsync("immediate");
    const answer = await inFlight;
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({ error: { code: 503 } });
    expect((await storedKeys()).has("heldKey")).toBe(false);
    const after = await call(s.url, { method: "POST", path: SELF, json: { afterRestart: "1" } });
    expect(after.status).toBe(200);
    expect((await storedKeys()).has("afterRestart")).toBe(true);
  });

  it("8 writers during a restart: every answer is 200 or 5xx, and every 200 is stored", async () => {
    const acked: string[] = [];
    const statuses = new Set<number>();
    let stop = false;
    const writer = async (w: number): Promise<void> => {
      for (let n = 0; !stop; n++) {
        const key = `r${w}_${n}`;
        const r = await call(s.url, { method: "POST", path: SELF, json: { [key]: "v" } });
        statuses.add(r.status);
        if (r.status === 200) acked.push(key);
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 300));
    await cluster.restartAsync("immediate");
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);
    expect([...statuses].filter((st) => st !== 200 && (st < 500 || st > 599))).toEqual([]);
    expect(statuses.has(200)).toBe(true);
    const stored = await storedKeys();
    expect(acked.filter((k) => !stored.has(k))).toEqual([]);
    expect(acked.length).toBeGreaterThan(8);
  });

  it("/healthz: 503 while PostgreSQL is down, 200 once it is back (no authentication)", async () => {
    const health = () => fetch(`${s.url}/healthz`);
    expect((await health()).status).toBe(200);
    cluster.stop("fast");
    try {
      const down = await health();
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "unavailable" });
    } finally {
      cluster.start();
    }
    const up = await health();
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: "ok" });
  });
});
