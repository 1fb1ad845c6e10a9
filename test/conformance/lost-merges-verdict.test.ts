/**
 * The record-limit cases (P-DATA-7) fill the record several writes at once (the 10,000-key case
 * 16, the two 4 MiB cases 4): merges of distinct keys, which a correct server applies all
 * (P-DATA-4). A server whose concurrent merges lose keys must fail under the rule it broke,
 * P-DATA-4.1 (each case reads the writes back before it tests the limit), never under P-DATA-7:
 * in front of the reference server's handlers stands a store that merges into the record as it
 * read it a moment before, so a merge landing meanwhile is lost. The correct store passes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../src/conformance/index.js";
import {
  type AppDataStore,
  BUNDLED_WORLD,
  createServer,
  loadWorld,
  memoryStore,
} from "../../src/server/index.js";
import { bundledTarget, type Running } from "./helpers.js";

/** A memory store whose write reads the record, waits 5 ms, then stores record + pairs. */
function losingConcurrentMerges(): AppDataStore {
  const inner = memoryStore();
  return {
    ...inner,
    async write(app, user, pairs) {
      const before = [...(await inner.read(app, user))];
      await new Promise((r) => setTimeout(r, 5));
      await inner.delete(app, user);
      return inner.write(app, user, [...before, ...pairs]);
    },
  };
}

async function serve(store: AppDataStore): Promise<Running> {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error(JSON.stringify(world.issues));
  const server = createServer({ world: world.value, store });
  const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    close: async () => {
      await server.close();
      await store.close();
    },
  };
}

let correct: Running;
let lossy: Running;
beforeAll(async () => {
  correct = await serve(memoryStore());
  lossy = await serve(losingConcurrentMerges());
});
afterAll(async () => {
  await correct.close();
  await lossy.close();
});

/** The cases that fill a record with writes sent at once. */
const FILLED_AT_ONCE = [
  "appdata-write/record-10000-keys",
  "appdata-write/record-4mib",
  "appdata-write/record-exactly-4mib",
];

async function verdict(url: string, id: string) {
  const r = await runSuite({
    target: bundledTarget(url),
    grep: new RegExp(`^${id}$`),
  });
  if (isRunAbort(r)) throw new Error(`run aborted: ${r.abort}`);
  const c = r.cases[0];
  return { outcome: c?.outcome, failedStatement: c?.failedStatement };
}

describe.each(FILLED_AT_ONCE)("%s against lost concurrent merges", (id) => {
  it("passes the correct server", async () => {
    expect(await verdict(correct.url, id)).toEqual({
      outcome: "pass",
      failedStatement: undefined,
    });
  });
  it("fails the server that loses merges under P-DATA-4.1, not P-DATA-7", async () => {
    for (let i = 0; i < 3; i++)
      expect(await verdict(lossy.url, id)).toEqual({
        outcome: "fail",
        failedStatement: "P-DATA-4.1",
      });
  });
});
