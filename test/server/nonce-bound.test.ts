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
  const server = createServer({ world: bundledWorld(), store, logger: { error() {} } });
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
  });
});
