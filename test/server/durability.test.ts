/**
 * Durability (P-DATA-4): data survives a restart, concurrent writers to one user
 * lose nothing, and a SIGKILL during writes loses no acknowledged write.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/index.js";
import { call, opened, start, tempDir } from "./harness.js";
import { spawnServer } from "./spawn-server.js";

const SELF = "/os/0.8/appdata/@me/@self/@app";
const dirs: (() => void)[] = [];
afterAll(() => {
  for (const remove of dirs) remove();
});
function dataFile(): string {
  const t = tempDir();
  dirs.push(t.remove);
  return join(t.dir, "appdata.sqlite");
}

describe("restart", () => {
  it("data written before a restart is read after it, in the same key order", async () => {
    const file = dataFile();
    const a = await start({ data: file });
    expect(
      (
        await call(a.url, {
          method: "POST",
          path: SELF,
          body: '{"z":"1","5":"2","a":"3"}',
          contentType: "application/json",
        })
      ).status,
    ).toBe(200);
    await a.close();
    const b = await start({ data: file });
    const r = await call(b.url, { path: SELF });
    expect(r.text).toContain('{"score":"10","level":"3","z":"1","5":"2","a":"3"}');
    await b.close();
  });
  it("the world's appdata seeds only a new store", async () => {
    const file = dataFile();
    const a = await start({ data: file });
    await call(a.url, { method: "DELETE", path: SELF });
    await a.close();
    const b = await start({ data: file });
    expect((await call(b.url, { path: SELF })).json).toMatchObject({ totalResults: 0 });
    await b.close();
  });
});

describe("concurrency", () => {
  it.each([":memory:", "sqlite"])(
    "100 concurrent writers to one user lose nothing (%s)",
    async (kind) => {
      const s = await start({ data: kind === "sqlite" ? dataFile() : ":memory:" });
      const writes = Array.from({ length: 100 }, (_, i) =>
        call(s.url, {
          method: "POST",
          path: SELF,
          json: { [`w${i}`]: String(i), shared: String(i) },
        }),
      );
      expect((await Promise.all(writes)).map((r) => r.status)).toEqual(Array(100).fill(200));
      const rec = (await call(s.url, { path: SELF })).json as {
        entry: Record<string, Record<string, string>>;
      };
      const alice = rec.entry["example.org:alice"] ?? {};
      for (let i = 0; i < 100; i++) expect(alice[`w${i}`]).toBe(String(i));
      expect(Number(alice.shared)).toBeGreaterThanOrEqual(0);
      await s.close();
    },
  );
});

describe("SIGKILL during writes", () => {
  it("every acknowledged write is on disk after kill -9", async () => {
    const file = dataFile();
    const { child, url } = await spawnServer(file);
    const acked: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const key = `w${w}_${n}`;
        try {
          const r = await call(url, { method: "POST", path: SELF, json: { [key]: "v" } });
          if (r.status === 200) acked.push(key);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 1500));
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    stop = true;
    await exited;
    await Promise.all(writers);
    expect(acked.length).toBeGreaterThan(50);
    const store = opened(openStore(file));
    const rec = await store.read("quiz", "example.org:alice");
    const missing = acked.filter((k) => !rec.has(k));
    await store.close();
    expect(missing).toEqual([]);
  }, 30_000);
});
