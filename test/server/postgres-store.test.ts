/**
 * What only the PostgreSQL store has to prove: the schema is migrated once when
 * instances start at once, and again without change; a newer schema is refused; writers on two
 * instances never cross the record limit (P-DATA-7) nor lose a write (P-DATA-4); nonces are
 * shared and expire (P-AUTH-3); a batch of writes (group commit) keeps each write's own outcome
 * and never deadlocks with another batch; an unreachable database is `OSK_STORE_UNAVAILABLE`
 * without its password. The behaviour shared with the other stores is in store.test.ts and
 * record-limits.test.ts.
 */
import { type AddressInfo, createServer as createNetServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORD_LIMITS } from "../../src/model/limits.js";
import { type AppDataStore, openStore } from "../../src/server/index.js";
import { redactUrl } from "../../src/server/store/postgres.js";
import { MIGRATIONS } from "../../src/server/store/postgres-schema.js";
import { opened } from "./harness.js";
import { type PgCluster, startCluster } from "./pg-cluster.js";

let cluster: PgCluster;
const openedStores: AppDataStore[] = [];
const open = (url: string): AppDataStore => {
  const s = opened(openStore(url));
  openedStores.push(s);
  return s;
};
beforeAll(() => {
  cluster = startCluster();
}, 90_000);
afterAll(async () => {
  for (const s of openedStores) await s.close();
  cluster?.remove();
});

async function sql<R extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}

describe("schema migration", () => {
  it("eight instances starting at once on an empty database migrate it once", async () => {
    const url = await cluster.createDatabase();
    const stores = Array.from({ length: 8 }, () => open(url));
    await Promise.all(stores.map((s) => s.ping()));
    await Promise.all(stores.map((s, i) => s.seedOnce({ quiz: { u: { [`seed${i}`]: "1" } } })));
    expect(await sql(url, "SELECT version FROM osk_schema")).toEqual([
      { version: MIGRATIONS.length },
    ]);
    // seeded once: by exactly one of them
    expect((await stores[0]?.read("quiz", "u"))?.size).toBe(1);
  });

  it("opening a migrated database again changes nothing and keeps the data", async () => {
    const url = await cluster.createDatabase();
    const first = open(url);
    expect(await first.write("quiz", "u", [["k", "v"]])).toBe("written");
    await first.close();
    const again = open(url);
    expect((await again.read("quiz", "u")).get("k")).toBe("v");
    expect(await sql(url, "SELECT version FROM osk_schema")).toEqual([
      { version: MIGRATIONS.length },
    ]);
  });

  it("refuses a schema newer than this server's", async () => {
    const url = await cluster.createDatabase();
    await open(url).ping();
    await sql(url, "UPDATE osk_schema SET version = $1", [MIGRATIONS.length + 1]);
    await expect(open(url).ping()).rejects.toMatchObject({
      code: "OSK_STORE_UNAVAILABLE",
      message: expect.stringMatching(/newer than this server/),
    });
  });
});

describe("writers on two instances (two pools) over one record", () => {
  it("never cross maxKeys (P-DATA-7): exactly the writes that fit are acknowledged", async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [open(url), open(url)];
    const room = 10;
    const fill: [string, string][] = Array.from(
      { length: RECORD_LIMITS.maxKeys - room },
      (_, i) => [`f${i}`, "v"],
    );
    expect(await a.write("quiz", "u", fill)).toBe("written");
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).write("quiz", "u", [[`n${i}`, "v"]])),
    );
    expect(results.filter((r) => r === "written")).toHaveLength(room);
    const rec = await b.read("quiz", "u");
    expect(rec.size).toBe(RECORD_LIMITS.maxKeys);
    results.forEach((r, i) => {
      expect(rec.has(`n${i}`)).toBe(r === "written");
    });
  });

  it("lose no write (P-DATA-4): 200 concurrent merges, all keys present", async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [open(url), open(url)];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? a : b).write("quiz", "u", [
          [`w${i}`, String(i)],
          ["shared", String(i)],
        ]),
      ),
    );
    expect(new Set(results)).toEqual(new Set(["written"]));
    const rec = await a.read("quiz", "u");
    expect(rec.size).toBe(201);
    for (let i = 0; i < 200; i++) expect(rec.get(`w${i}`)).toBe(String(i));
  });
});

/** Calls osk_write_batch on `url` with `writes` ([app, user, pairs]); the outcomes. */
async function writeBatch(
  client: pg.Client,
  writes: [string, string, [string, string][]][],
): Promise<boolean[]> {
  const r = await client.query<{ done: boolean[] }>(
    "SELECT osk_write_batch($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6, $7) AS done",
    [
      writes.map((w) => w[0]),
      writes.map((w) => w[1]),
      writes.map((w) => w[2].length),
      writes.flatMap((w) => w[2].map((p) => p[0])),
      writes.flatMap((w) => w[2].map((p) => p[1])),
      RECORD_LIMITS.maxKeys,
      RECORD_LIMITS.maxBytes,
    ],
  );
  return r.rows[0]?.done ?? [];
}

describe("a batch of writes (group commit, migration 3)", () => {
  it("gives each write its own outcome: one over the limit (P-DATA-7) changes nothing, the others are merged in order", async () => {
    const url = await cluster.createDatabase();
    const store = open(url);
    const fill: [string, string][] = Array.from({ length: RECORD_LIMITS.maxKeys - 2 }, (_, i) => [
      `f${i}`,
      "v",
    ]);
    expect(await store.write("quiz", "u", fill)).toBe("written");
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const done = await writeBatch(c, [
        ["quiz", "u", [["a", "1"]]],
        ["quiz", "u", Array.from({ length: 5 }, (_, i): [string, string] => [`over${i}`, "v"])],
        ["notes", "u", []],
        [
          "quiz",
          "u",
          [
            ["a", "2"],
            ["c", "3"],
          ],
        ],
        ["quiz", "other", [["x", "y"]]],
      ]);
      expect(done).toEqual([true, false, true, true, true]);
    } finally {
      await c.end();
    }
    const rec = await store.read("quiz", "u");
    expect(rec.size).toBe(RECORD_LIMITS.maxKeys);
    expect([...rec].slice(-2)).toEqual([
      ["a", "2"],
      ["c", "3"],
    ]);
    expect([...rec.keys()].some((k) => k.startsWith("over"))).toBe(false);
    expect([...(await store.read("quiz", "other"))]).toEqual([["x", "y"]]);
  });

  it("never waits on another batch in a cycle: batches over the same records in opposite orders all commit", async () => {
    const url = await cluster.createDatabase();
    await open(url).ping(); // migrates
    const clients = [
      new pg.Client({ connectionString: url }),
      new pg.Client({ connectionString: url }),
    ];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      // writes of 2,000 keys take long enough that, were each record locked only when its
      // write begins, two batches would each hold one record and wait for the other's: a
      // deadlock, which PostgreSQL ends by failing one of them
      const pairs = Array.from({ length: 2_000 }, (_, i): [string, string] => [`k${i}`, "v"]);
      const forth = ["r1", "r2", "r3", "r4"].map((u): [string, string, [string, string][]] => [
        "quiz",
        u,
        pairs,
      ]);
      const back = [...forth].reverse();
      for (let i = 0; i < 8; i++) {
        const results = await Promise.allSettled([
          writeBatch(clients[0] as pg.Client, forth),
          writeBatch(clients[1] as pg.Client, back),
        ]);
        expect(results).toEqual([
          { status: "fulfilled", value: [true, true, true, true] },
          { status: "fulfilled", value: [true, true, true, true] },
        ]);
      }
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});

describe("shared nonces (P-AUTH-3)", () => {
  it("a pair claimed on one instance is refused on the other until it expires", async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [open(url).nonces, open(url).nonces];
    if (!a || !b) throw new Error("the PostgreSQL store must share its nonces");
    const now = 1_800_000_000_000;
    const ts = now / 1000;
    expect(await a.claim("quiz-key", "n1", ts, now)).toBe(true);
    expect(await b.claim("quiz-key", "n1", ts, now)).toBe(false);
    expect(await b.claim("notes-key", "n1", ts, now)).toBe(true); // per consumer key
    expect(await a.claim("quiz-key", "n1", ts, now + 300_000)).toBe(false); // still in window
    expect(await a.claim("quiz-key", "n1", ts, now + 301_000)).toBe(true); // expired: taken again
    // concurrent claims of one pair: exactly one wins
    const race = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim("quiz-key", "n2", ts, now)),
    );
    expect(race.filter(Boolean)).toHaveLength(1);
  });

  it("a claim commits asynchronously: synchronous_commit is off in its transaction only", async () => {
    const url = await cluster.createDatabase();
    await open(url).ping(); // migrated
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const setting = async () =>
        (await c.query<{ s: string }>("SELECT current_setting('synchronous_commit') AS s")).rows[0]
          ?.s;
      await c.query("BEGIN");
      const claimed = await c.query<{ ok: boolean }>(
        "SELECT osk_claim_nonce('quiz-key', 'n1', 1800000300, 1800000000) AS ok",
      );
      expect(claimed.rows[0]?.ok).toBe(true);
      expect(await setting()).toBe("off");
      await c.query("COMMIT");
      expect(await setting()).toBe("on");
      const again = await c.query<{ ok: boolean }>(
        "SELECT osk_claim_nonce('quiz-key', 'n1', 1800000300, 1800000000) AS ok",
      );
      expect(again.rows[0]?.ok).toBe(false);
    } finally {
      await c.end();
    }
  });

  it("a batch of claims (migration 4) takes each pair once, in order, per consumer key", async () => {
    const url = await cluster.createDatabase();
    await open(url).ping(); // migrated
    const now = 1_800_000_000;
    const rows = await sql<{ claimed: boolean[] }>(
      url,
      "SELECT osk_claim_nonces($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS claimed",
      [
        ["quiz-key", "quiz-key", "notes-key", "quiz-key", "quiz-key"],
        ["n1", "n1", "n1", "n2", "old"],
        [now + 300, now + 300, now + 300, now + 300, now - 10],
        [now, now, now, now, now - 400],
      ],
    );
    expect(rows[0]?.claimed).toEqual([true, false, true, true, true]);
    const again = await sql<{ claimed: boolean[] }>(
      url,
      "SELECT osk_claim_nonces($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS claimed",
      [
        ["quiz-key", "quiz-key"],
        ["old", "n2"],
        [now + 300, now + 300],
        [now, now],
      ],
    );
    // "old" expired at now - 10: taken again; "n2" is still in its window
    expect(again[0]?.claimed).toEqual([true, false]);
  });

  it("the store claims through that function", async () => {
    const url = await cluster.createDatabase();
    const db = new URL(url).pathname.slice(1);
    await sql(url, `ALTER DATABASE "${db}" SET track_functions = 'pl'`);
    const nonces = open(url).nonces;
    for (let i = 0; i < 3; i++)
      await nonces?.claim("quiz-key", `f${i}`, 1_800_000_000, 1_800_000_000_000);
    await expect
      .poll(
        async () =>
          (
            await sql<{ calls: string }>(
              url,
              "SELECT calls FROM pg_stat_user_functions WHERE funcname = 'osk_claim_nonce'",
            )
          )[0]?.calls,
        { timeout: 10_000 },
      )
      .toBe("3");
  });

  it("expired nonces are swept", async () => {
    const url = await cluster.createDatabase();
    const nonces = open(url).nonces;
    const old = 1_700_000_000;
    for (let i = 0; i < 5; i++) await nonces?.claim("quiz-key", `old${i}`, old, old * 1000);
    // a claim an hour later sweeps what expired meanwhile (after the claim itself returns)
    await nonces?.claim("quiz-key", "new", old + 3600, (old + 3600) * 1000);
    await expect
      .poll(async () => (await sql(url, "SELECT nonce FROM osk_nonces")).map((r) => r.nonce))
      .toEqual(["new"]);
  });
});

describe("an unreachable database", () => {
  it("is OSK_STORE_UNAVAILABLE, and the message never shows the password", async () => {
    const url = `postgres://app:s3cret-pw@${encodeURIComponent(`${cluster.dir}/nowhere`)}/db`;
    const store = open(url);
    const e = await store.ping().then(
      () => undefined,
      (err: unknown) => err as Error & { code: string },
    );
    expect(e?.code).toBe("OSK_STORE_UNAVAILABLE");
    expect(e?.message).not.toContain("s3cret-pw");
    expect(e?.message).toContain("app:***@");
    await expect(store.write("quiz", "u", [["k", "v"]])).rejects.toMatchObject({
      code: "OSK_STORE_UNAVAILABLE",
    });
  });

  it("that never answers fails a batch's claims and writes at once, not one connection wait after another", async () => {
    // accepts connections and never says a word: each connection attempt waits out the
    // pool's 5 s timeout
    const silent = createNetServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const store = open(`postgres://app@127.0.0.1:${port}/db`);
      const t0 = performance.now();
      const settled = await Promise.allSettled([
        ...Array.from({ length: 6 }, (_, i) =>
          store.nonces?.claim("quiz-key", `n${i}`, 1_800_000_000, 1_800_000_000_000),
        ),
        ...Array.from({ length: 6 }, (_, i) => store.write("quiz", "u", [[`k${i}`, "v"]])),
      ]);
      const ms = performance.now() - t0;
      expect(settled.every((r) => r.status === "rejected")).toBe(true);
      for (const r of settled)
        expect((r as PromiseRejectedResult).reason).toMatchObject({
          code: "OSK_STORE_UNAVAILABLE",
        });
      // the first of each kind alone, then the rest together: two waits, not six
      expect(ms).toBeLessThan(15_000);
    } finally {
      silent.close();
    }
  }, 40_000);

  it("redactUrl hides only the password", () => {
    expect(redactUrl("postgres://u:p%40ss@db.example:5432/x?sslmode=require")).toBe(
      "postgres://u:***@db.example:5432/x?sslmode=require",
    );
    expect(redactUrl("postgresql://u@db/x")).toBe("postgresql://u@db/x");
    // the query's password parameters, which node-postgres and libpq read too
    expect(redactUrl("postgres://u@db/x?sslmode=require&password=s3cret&sslpassword=k3y#f")).toBe(
      "postgres://u@db/x?sslmode=require&password=***&sslpassword=***#f",
    );
    expect(redactUrl("POSTGRESQL://u@db/x?Password=s3cret")).toBe(
      "POSTGRESQL://u@db/x?Password=***",
    );
    // a SQLite path is a path, never rewritten
    expect(redactUrl("./data?password=x.sqlite")).toBe("./data?password=x.sqlite");
  });
});
