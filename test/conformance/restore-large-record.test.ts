/**
 * The cases that empty a user's record save it first and write it back at the end. A target
 * whose users hold more than 99 keys, or more than 1 MiB, must get its data back and a pass:
 * the restore used to be one POST, which P-DATA-3 (99 pairs) and P-ERR-4 (1 MiB) refuse, so
 * the kit failed a correct server and left its record emptied.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../src/conformance/index.js";
import { BUNDLED_WORLD, createServer, loadWorld, memoryStore } from "../../src/server/index.js";
import { bundledTarget, type Running } from "./helpers.js";

const VIEWER = "example.org:alice";
const FRIEND = "example.org:bob";
/** 150 keys of the viewer's; 40 values of 40,000 characters (1.6 MB) of the friend's. */
const VIEWER_RECORD = Array.from({ length: 150 }, (_, i) => [`held${i}`, `v${i}`] as const);
const FRIEND_RECORD = Array.from(
  { length: 40 },
  (_, i) => [`big${i}`, "x".repeat(40_000)] as const,
);

const store = memoryStore();
let server: Running;
beforeAll(async () => {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error(JSON.stringify(world.issues));
  await store.delete("quiz", VIEWER);
  await store.delete("quiz", FRIEND);
  await store.write("quiz", VIEWER, [...VIEWER_RECORD]);
  await store.write("quiz", FRIEND, [...FRIEND_RECORD]);
  const s = createServer({ world: world.value, store });
  const { url } = await s.listen({ port: 0, host: "127.0.0.1" });
  server = { url, close: () => s.close() };
});
afterAll(async () => {
  await server.close();
  await store.close();
});

describe("a target whose users hold large records", () => {
  it("passes the cases that empty and restore them, and gets every key back in its order", async () => {
    // the world's seed is added to the records when the server starts
    const before = [
      [...(await store.read("quiz", VIEWER))],
      [...(await store.read("quiz", FRIEND))],
    ];
    expect(before[0]?.length).toBeGreaterThanOrEqual(VIEWER_RECORD.length);
    expect(before[1]?.length).toBeGreaterThanOrEqual(FRIEND_RECORD.length);
    const r = await runSuite({
      target: bundledTarget(server.url, false),
      grep: /^appdata-(delete\/(all|all-user-left-out|empty-fields-all)|write\/record-(4mib|10000-keys))$/,
    });
    if (isRunAbort(r)) throw new Error(`run aborted: ${r.abort}`);
    expect(r.cases.map((c) => [c.id, c.outcome])).toEqual(r.cases.map((c) => [c.id, "pass"]));
    expect(r.cases.length).toBe(5);
    expect([
      [...(await store.read("quiz", VIEWER))],
      [...(await store.read("quiz", FRIEND))],
    ]).toEqual(before);
  }, 60_000);
});
