/**
 * Every store behaves alike (P-FMT-3 order, P-DATA-4 merge, P-DATA-6 app
 * isolation; PostgreSQL as well as memory and SQLite), checked against a model with
 * fast-check.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storeKinds } from "./store-kinds.js";

const kinds = storeKinds();

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

type Op =
  | { kind: "write"; app: string; pairs: [string, string][] }
  | { kind: "delete"; app: string; keys?: string[] };
const key = fc.constantFrom("a", "b", "10", "2", "__proto__", "constructor");
const app = fc.constantFrom("quiz", "notes");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("write" as const),
    app,
    pairs: fc.array(fc.tuple(key, fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 4 }),
  }),
  fc
    .record({
      kind: fc.constant("delete" as const),
      app,
      keys: fc.option(fc.array(key, { maxLength: 3 }), { nil: undefined }),
    })
    .map(
      (o): Op =>
        o.keys === undefined
          ? { kind: "delete", app: o.app }
          : { kind: "delete", app: o.app, keys: o.keys },
    ),
);

describe.each(kinds)("%s store", (_, make) => {
  it("matches a Map model after every step: first-written order, merge, delete, per-app isolation", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const store = await make();
        const model = new Map<string, Map<string, string>>([
          ["quiz", new Map()],
          ["notes", new Map()],
        ]);
        for (const o of ops) {
          const m = model.get(o.app) as Map<string, string>;
          if (o.kind === "write") {
            await store.write(o.app, "u", o.pairs);
            for (const [k, v] of o.pairs) m.set(k, v);
          } else {
            await store.delete(o.app, "u", o.keys);
            if (o.keys === undefined) m.clear();
            else for (const k of o.keys) m.delete(k);
          }
          // read after every step, so a stale read cache would show
          expect([...(await store.read(o.app, "u"))]).toEqual([...m]);
        }
        for (const a of ["quiz", "notes"])
          expect([...(await store.read(a, "u"))]).toEqual([...(model.get(a) ?? [])]);
        expect([...(await store.read("quiz", "u", ["10", "a"]))]).toEqual(
          [...(model.get("quiz") ?? [])].filter(([k]) => k === "10" || k === "a"),
        );
        await store.close();
      }),
      { numRuns: 40 },
    );
  });
  // The write-body scanner slices keys and values from the body's text; a store that kept the
  // slices would keep every body alive (P-DATA-7 would count under 40 bytes a write, the heap 1 MiB).
  it("keeps no more than the keys and values it is given, not the text they were cut from", async () => {
    const store = await make();
    const texts = 48;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < texts; i++) {
      const text = `${"k".repeat(20)}${i}${"v".repeat(1024 * 1024)}`;
      await store.write("quiz", `u${i}`, [[text.slice(0, 20 + String(i).length), text.slice(-16)]]);
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan((texts / 3) * 1024 * 1024);
    expect([...(await store.read("quiz", "u7"))]).toEqual([[`${"k".repeat(20)}7`, "v".repeat(16)]]);
    await store.close();
  });
  it("seeds once", async () => {
    const store = await make();
    await store.seedOnce({ quiz: { u: { a: "1" } } });
    expect((await store.read("quiz", "u")).get("a")).toBe("1");
    await store.delete("quiz", "u");
    await store.seedOnce({ quiz: { u: { a: "1" } } });
    expect((await store.read("quiz", "u")).size).toBe(0);
    await store.close();
  });
});

// A handler still running when a shutdown's grace ran out meets a closed store: it must get
// the store's "unavailable" (a 503), not a driver's error (a 500 logged as a bug).
describe.each(kinds.filter(([name]) => name !== "memory"))("%s store, closed", (_, make) => {
  it("refuses every operation with OSK_STORE_UNAVAILABLE", async () => {
    const store = await make();
    await store.write("quiz", "u", [["a", "1"]]);
    await store.close();
    const refusals: unknown[] = [];
    const ops: (() => unknown)[] = [
      () => store.read("quiz", "u"),
      () => store.write("quiz", "u", [["b", "2"]]),
      () => store.delete("quiz", "u"),
      () => store.seedOnce({}),
      () => store.ping(),
    ];
    for (const op of ops)
      refusals.push(
        await Promise.resolve()
          .then(op)
          .then(
            () => "answered",
            (e: unknown) => (e as { code?: unknown }).code,
          ),
      );
    expect(refusals).toEqual(Array(5).fill("OSK_STORE_UNAVAILABLE"));
    await store.close(); // a second close is harmless
  });
});
