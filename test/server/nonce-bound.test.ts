/**
 * The in-memory nonce store is bounded (P-AUTH-3 replay protection kept): once it holds its
 * maximum of pairs inside the window, a further signed request gets 503 with the P-ERR-1 body,
 * never a 500 and never an unrecorded nonce. Reached through the public seams: a store that
 * brings its own nonce store, and the server's `handle()` over real HTTP.
 */
import { afterAll, describe, expect, it } from "vitest";
import { nonceStore } from "../../src/server/auth/nonce-store.js";
import { createServer, memoryStore } from "../../src/server/index.js";
import { bundledWorld, call } from "./harness.js";

describe("a full nonce store", () => {
  const store = { ...memoryStore(), nonces: nonceStore({ maxPairs: 2 }) };
  const logged: string[] = [];
  const server = createServer({
    world: bundledWorld(),
    store,
    logger: { error: (message) => logged.push(message) },
  });
  let base = "";
  afterAll(() => server.close());

  it("answers 503 past its bound, and the replay of a recorded nonce is still a 400", async () => {
    base = (await server.listen({ port: 0, host: "127.0.0.1" })).url;
    const path = "/os/0.8/people/@me/@self";
    expect((await call(base, { path, nonce: "n1" })).status).toBe(200);
    expect((await call(base, { path, nonce: "n2" })).status).toBe(200);
    const full = await call(base, { path, nonce: "n3" });
    expect(full.status).toBe(503);
    expect(full.json).toMatchObject({ error: { code: 503 } });
    expect((await call(base, { path, nonce: "n1" })).status).toBe(400);
    // An outage, not a defect: logged as such (an operator's alert tells them apart).
    expect(logged).toEqual(["store unavailable"]);
  });
});

describe("nonceStore.claim (P-AUTH-3)", () => {
  it("fresh once; a replay is refused up to the last second of its window, fresh again after", () => {
    const s = nonceStore();
    const t = 1_000_000;
    expect(s.claim("k", "n", t, t * 1000)).toBe(true);
    expect(s.claim("k", "n", t, t * 1000)).toBe(false);
    expect(s.claim("k", "n", t, (t + 300) * 1000)).toBe(false);
    expect(s.claim("k", "n", t + 301, (t + 301) * 1000)).toBe(true);
    // A nonce is unique to its consumer key.
    expect(s.claim("k2", "n", t + 301, (t + 301) * 1000)).toBe(true);
    expect(s.size).toBe(2);
  });
});
