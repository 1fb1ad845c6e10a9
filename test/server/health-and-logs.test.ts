/**
 * Health and request logs without a database: `/healthz` (outside /os/0.8/, no
 * authentication) answers 200 while the store answers and 503 once it does not; only GET and
 * HEAD. `requestLog` gets one entry per answered request, without the query string or any
 * header. (The PostgreSQL side is in postgres-restart.test.ts and postgres-deploy.test.ts.)
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createServer,
  jsonLinesLog,
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
  it("is that exact path, with or without a query: a longer path is not it", async () => {
    const server = createServer({ world: bundledWorld(), store: memoryStore() });
    for (const url of ["/healthz", "/healthz?x=1", "/healthz?"])
      expect((await server.handle(req("GET", url))).headers["cache-control"]).toBe("no-store");
    for (const url of ["/healthzz", "/healthz/", "/healthz/x", "/health", "/os/0.8/healthz"]) {
      const res = await server.handle(req("GET", url));
      expect(res.headers["cache-control"], url).toBeUndefined();
      expect(res.status, url).not.toBe(200);
    }
  });

  it("200 while the store answers, 503 once it is closed; GET and HEAD only", async () => {
    const store = opened(openStore(join(tmp.dir, "h.sqlite")));
    const server = createServer({ world: bundledWorld(), store });
    const ok = await server.handle(req("GET", "/healthz"));
    expect(ok.status).toBe(200);
    expect(JSON.parse(Buffer.from(ok.body).toString())).toEqual({ status: "ok" });
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect(ok.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect((await server.handle(req("HEAD", "/healthz?probe=1"))).status).toBe(200);
    const post = await server.handle(req("POST", "/healthz"));
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect(JSON.parse(Buffer.from(post.body).toString())).toEqual({
      error: { code: 405, message: "method not allowed" },
    });
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
      // milliseconds with at most three decimals (a handle() of the in-memory store is not 5 s)
      expect(e.ms).toBeLessThan(5000);
      expect(Math.round(e.ms * 1000) / 1000).toBe(e.ms);
      expect(e.bytesIn).toBe(0);
      expect(e.bytesOut).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(e.time))).toBe(false);
    }
  });
});

describe("jsonLinesLog", () => {
  it("writes each entry as one JSON line", () => {
    const lines: string[] = [];
    const log = jsonLinesLog({ write: (line: string) => lines.push(line) });
    const entry: RequestLogEntry = {
      time: "2026-11-25T00:00:00.000Z",
      method: "GET",
      path: "/healthz",
      status: 200,
      ms: 0.5,
      bytesIn: 0,
      bytesOut: 15,
    };
    log(entry);
    log(entry);
    expect(lines).toEqual([`${JSON.stringify(entry)}\n`, `${JSON.stringify(entry)}\n`]);
  });
});

describe("listen", () => {
  it("on 127.0.0.1 by default; a second listen answers the same URL", async () => {
    const server = createServer({ world: bundledWorld(), store: memoryStore() });
    const first = await server.listen({ port: 0 });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await server.listen({ port: 0 })).toEqual(first);
    await server.close();
  });
});
