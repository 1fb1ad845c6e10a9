// RECORD_LIMITS (review finding: merged writes grew one user's record until reading it answered
// 500 and blocked the event loop). Both stores refuse, as a whole, a write that would cross the
// key count or byte size; over HTTP that write is a 400 and reads keep working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORD_LIMITS } from "../../src/model/limits.js";
import type { AppDataStore } from "../../src/server/index.js";
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
