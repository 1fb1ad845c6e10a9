/**
 * §7.1 and §7.2 "500 internal error on the service side" (P-ERR-3: a 500 is a defect): a store or
 * world that fails answers 500 with the P-ERR-1 body, and the log names the defect without any
 * request secret, signature or query.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, memoryStore, type ReferenceServer } from "../../src/server/index.js";
import type { AppDataStore } from "../../src/server/store/types.js";
import { bundledWorld, call } from "./harness.js";

const logged: string[] = [];
let server: ReferenceServer;
let url: string;
let inner: AppDataStore;

beforeAll(async () => {
  inner = memoryStore();
  const failing: AppDataStore = {
    ...inner,
    read: () => {
      throw new Error("disk on fire");
    },
    write: () => Promise.reject(new Error("disk on fire")),
  };
  const world = bundledWorld();
  const friends = world.friends as Map<string, readonly string[]>;
  const brokenFriends = new Map(friends);
  brokenFriends.get = () => {
    throw new Error("index corrupted");
  };
  server = createServer({
    world: { ...world, friends: brokenFriends },
    store: failing,
    logger: { error: (m, d) => logged.push(JSON.stringify({ m, ...d })) },
  });
  ({ url } = await server.listen());
});
afterAll(async () => {
  await server.close();
  await inner.close();
});

describe("a defect answers 500 and is logged without secrets", () => {
  it("appdata read and write (§7.1 500)", async () => {
    for (const r of [
      await call(url, { path: "/os/0.8/appdata/@me/@self/@app" }),
      await call(url, { method: "POST", path: "/os/0.8/appdata/@me/@self/@app", json: { a: "1" } }),
    ]) {
      expect(r.status).toBe(500);
      expect(r.json).toEqual({ error: { code: 500, message: "internal error" } });
    }
  });
  it("people @friends (§7.2 500)", async () => {
    const r = await call(url, { path: "/os/0.8/people/@me/@friends", placement: "query" });
    expect(r.status).toBe(500);
  });
  it("the log holds the defect, not the request's secrets", () => {
    expect(logged.join("\n")).toContain("disk on fire");
    expect(logged.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ m: "internal error", path: "/os/0.8/appdata/@me/@self/@app" }),
    );
    for (const line of logged)
      expect(line).not.toMatch(
        /oauth_|quiz secret\+1\/é|quiz%20secret|xoauth_requestor_id|authorization/i,
      );
  });
});
