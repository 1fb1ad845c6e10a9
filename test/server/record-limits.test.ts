// RECORD_LIMITS (review finding: merged writes grew one user's record until reading it answered
// 500 and blocked the event loop). Both stores refuse, as a whole, a write that would cross the
// key count or byte size; over HTTP that write is a 400 and reads keep working.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORD_LIMITS, recordBytes } from "../../src/model/limits.js";
import { type AppDataStore, memoryStore } from "../../src/server/index.js";
import { call, type Running, start } from "./harness.js";
import { storeKinds } from "./store-kinds.js";

const pairs = (from: number, n: number, value = "v"): [string, string][] =>
  Array.from({ length: n }, (_, i) => [`k${from + i}`, value]);

const kinds = storeKinds();

describe.each(kinds)("RECORD_LIMITS (P-DATA-7) in the %s store", (_, make) => {
  let store: AppDataStore;
  beforeAll(async () => {
    store = await make();
  });
  afterAll(() => store.close());

  it("refuses the write that would pass maxKeys and keeps the record as it was", async () => {
    for (let i = 0; i < RECORD_LIMITS.maxKeys; i += 99)
      expect(
        await store.write("quiz", "u1", pairs(i, Math.min(99, RECORD_LIMITS.maxKeys - i))),
      ).toBe("written");
    expect((await store.read("quiz", "u1")).size).toBe(RECORD_LIMITS.maxKeys);
    expect(
      await store.write("quiz", "u1", [
        ["k0", "rewritten"],
        ["one-more", "x"],
      ]),
    ).toBe("over-limit");
    expect((await store.read("quiz", "u1")).get("k0")).toBe("v");
    expect((await store.read("quiz", "u1")).has("one-more")).toBe(false);
    expect(await store.write("quiz", "u1", [["k0", "rewritten"]])).toBe("written");
    expect(await store.write("notes", "u1", [["other-app", "x"]])).toBe("written");
  });

  it("refuses the write that would pass maxBytes; concurrent writes stay within it", async () => {
    const big = "é".repeat(32_768); // 65,536 UTF-8 bytes
    const writes = Array.from({ length: 70 }, (_, i) =>
      store.write("quiz", "u2", [[`b${i}`, big]]),
    );
    const results = await Promise.all(writes);
    const written = results.filter((r) => r === "written").length;
    expect(results).toContain("over-limit");
    expect(written).toBe(Math.floor(RECORD_LIMITS.maxBytes / (65_536 + 3)));
    expect((await store.read("quiz", "u2")).size).toBe(written);
  });
});

describe("RECORD_LIMITS over HTTP", () => {
  let s: Running;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.close());

  it("a write that would pass the byte limit → 400 with the P-ERR-1 body; reads still 200", async () => {
    const value = "x".repeat(65_536);
    const statuses: number[] = [];
    for (let r = 0; r < 6; r++) {
      const body = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`r${r}k${i}`, value]));
      const res = await call(s.url, {
        method: "POST",
        path: "/os/0.8/appdata/@me/@self/@app",
        json: body,
      });
      statuses.push(res.status);
      if (res.status !== 200) expect(res.json).toMatchObject({ error: { code: 400 } });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 400, 400]);
    const read = await call(s.url, { path: "/os/0.8/appdata/@me/@self/@app" });
    expect(read.status).toBe(200);
    const viaGuid = await call(s.url, {
      path: "/os/0.8/appdata/example.org:alice/@self/@app",
      as: "example.org:bob",
    });
    expect(viaGuid.status).toBe(200);
  });
});

// The memory store keeps each record's size as it goes rather than measuring the whole record
// on every write: its verdicts must be those of measuring the merged record, through
// overwrites, a key named twice in one write, deletes of some keys or all, and seeding.
describe("RECORD_LIMITS in the memory store, kept as it goes", () => {
  const key = fc.integer({ min: 0, max: 30 }).map((n) => `k${n}`);
  const value = fc
    .tuple(fc.constantFrom("v", "é", "😀"), fc.constantFrom(0, 1, 7, 100_000, 400_000))
    .map(([c, n]) => c.repeat(n));
  type Op =
    | { kind: "write"; pairs: [string, string][] }
    | { kind: "many"; from: number; n: number }
    | { kind: "delete"; keys: string[] | undefined };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant("write" as const),
      pairs: fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 12 }),
    }),
    fc.record({
      kind: fc.constant("many" as const),
      from: fc.integer({ min: 0, max: 8_000 }),
      n: fc.integer({ min: 1, max: 7_000 }),
    }),
    fc.record({
      kind: fc.constant("delete" as const),
      keys: fc.option(fc.array(key, { maxLength: 5 }), { nil: undefined }),
    }),
  );

  it("refuses exactly the writes after which the merged record would cross a limit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 14 }), async (ops) => {
        const store = memoryStore();
        await store.seedOnce({ quiz: { u: { k1: "seeded" } } });
        const model = new Map<string, string>([["k1", "seeded"]]);
        for (const o of ops) {
          if (o.kind === "delete") {
            await store.delete("quiz", "u", o.keys);
            if (o.keys === undefined) model.clear();
            else for (const k of o.keys) model.delete(k);
            continue;
          }
          const written = o.kind === "write" ? o.pairs : pairs(o.from, o.n);
          const merged = new Map(model);
          for (const [k, v] of written) merged.set(k, v);
          const over =
            merged.size > RECORD_LIMITS.maxKeys || recordBytes(merged) > RECORD_LIMITS.maxBytes;
          expect(await store.write("quiz", "u", written)).toBe(over ? "over-limit" : "written");
          if (!over) for (const [k, v] of written) model.set(k, v);
        }
        expect([...(await store.read("quiz", "u"))]).toEqual([...model]);
      }),
      { numRuns: 100 },
    );
  });

  it("counts the room a deleted key leaves, and a key written twice in one write once", async () => {
    const store = memoryStore();
    const mib = "😀".repeat(256 * 1024); // 1 MiB of UTF-8
    for (const k of ["a", "b", "c"])
      expect(await store.write("quiz", "u", [[k, mib]])).toBe("written");
    expect(await store.write("quiz", "u", [["d", mib]])).toBe("over-limit");
    await store.delete("quiz", "u", ["a"]);
    expect(await store.write("quiz", "u", [["d", mib]])).toBe("written");
    expect(
      await store.write("quiz", "u", [
        ["e", "x"],
        ["e", mib],
      ]),
    ).toBe("over-limit");
    expect(
      await store.write("quiz", "u", [
        ["e", mib],
        ["e", "x"],
      ]),
    ).toBe("written");
    await store.delete("quiz", "u");
    for (const k of ["a", "b", "c"])
      expect(await store.write("quiz", "u", [[k, mib]])).toBe("written");
  });
});
