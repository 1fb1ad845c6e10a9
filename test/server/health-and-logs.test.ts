/**
 * Issue 12 §5 without a database: `/healthz` (outside /os/0.8/, no authentication) answers 200
 * while the store answers and 503 once it does not; only GET and HEAD. `requestLog` gets one
 * entry per answered request, without the query string or any header. (The PostgreSQL side is
 * in postgres-restart.test.ts and postgres-deploy.test.ts.)
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createServer,
  memoryStore,
  openStore,
  type RequestLogEntry,
} from "../../src/server/index.js";
import { bundledWorld, opened, tempDir } from "./harness.js";

const tmp = tempDir();
afterAll(() => tmp.remove());
const req = (method: string, url: string) => ({
  method,
  url,
  headers: { host: "127.0.0.1:8080" },
  body: new Uint8Array(0),
});

describe("/healthz", () => {
  it("200 while the store answers, 503 once it is closed; GET and HEAD only", async () => {
    const store = opened(openStore(join(tmp.dir, "h.sqlite")));
    const server = createServer({ world: bundledWorld(), store });
    const ok = await server.handle(req("GET", "/healthz"));
    expect(ok.status).toBe(200);
    expect(JSON.parse(Buffer.from(ok.body).toString())).toEqual({ status: "ok" });
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect((await server.handle(req("HEAD", "/healthz?probe=1"))).status).toBe(200);
    const post = await server.handle(req("POST", "/healthz"));
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    // only that path: anything else still needs OAuth (P-AUTH-3 → 400)
    expect((await server.handle(req("GET", "/healthz/x"))).status).toBe(400);
    expect((await server.handle(req("GET", "/os/0.8/healthz"))).status).toBe(400);
    await store.close();
    const down = await server.handle(req("GET", "/healthz"));
    expect(down.status).toBe(503);
    expect(JSON.parse(Buffer.from(down.body).toString())).toEqual({ status: "unavailable" });
  });
});

describe("requestLog", () => {
  it("one entry per request: method, path without query, status, timing, sizes", async () => {
    const entries: RequestLogEntry[] = [];
    const server = createServer({
      world: bundledWorld(),
      store: memoryStore(),
      requestLog: (e) => entries.push(e),
    });
    await server.handle(req("GET", "/os/0.8/people/@me/@self?oauth_signature=SECRET&x=1"));
    await server.handle(req("GET", "/healthz"));
    expect(entries.map((e) => [e.method, e.path, e.status])).toEqual([
      ["GET", "/os/0.8/people/@me/@self", 400],
      ["GET", "/healthz", 200],
    ]);
    expect(JSON.stringify(entries)).not.toContain("SECRET");
    for (const e of entries) {
      expect(e.ms).toBeGreaterThanOrEqual(0);
      expect(e.bytesIn).toBe(0);
      expect(e.bytesOut).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(e.time))).toBe(false);
    }
  });
});
