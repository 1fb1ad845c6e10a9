/**
 * The drain of the HTTP adapter (src/server/http/drain.ts), in-process over real sockets: an
 * answer begun before close() says `Connection: close`; an idle keep-alive connection carries a
 * request sent within the linger; close() waits for a handler whose client has gone (the store
 * must not close under it); the grace bounds it all.
 */
import { describe, expect, it } from "vitest";
import { IDLE_LINGER_MS } from "../../../src/server/http/drain.js";
import { DEFAULT_LIMITS } from "../../../src/server/http/limits.js";
import { listenHttp } from "../../../src/server/http/node-adapter.js";
import type { ServerRequest, ServerResponse } from "../../../src/server/types.js";
import { openSocket } from "../harness.js";

const OK: ServerResponse = {
  status: 200,
  headers: { "content-type": "text/plain", "content-length": "2" },
  body: Buffer.from("ok"),
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function listen(handle: (req: ServerRequest) => Promise<ServerResponse>) {
  return listenHttp(handle, DEFAULT_LIMITS, { port: 0, host: "127.0.0.1" });
}

const GET = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";

describe("drain", () => {
  it("an answer begun before close() says Connection: close and ends its connection", async () => {
    let release: () => void = () => {};
    const l = await listen(() => new Promise((r) => (release = () => r(OK))));
    const c = openSocket(l.url);
    c.sock.write(GET);
    await sleep(100);
    const closing = l.close();
    release();
    expect(await c.closed).toMatch(
      /^HTTP\/1\.1 200 [\s\S]*\r\nConnection: close\r\n[\s\S]*\r\nok$/i,
    );
    await closing;
  });

  it("a keep-alive connection idle at close() carries a request sent within the linger", async () => {
    const l = await listen(async () => OK);
    const c = openSocket(l.url);
    c.sock.write(GET);
    await sleep(50);
    expect(c.output()).toMatch(/Connection: keep-alive/i);
    const closing = l.close();
    await sleep(IDLE_LINGER_MS / 5);
    c.sock.write(GET);
    const out = await c.closed;
    expect(out.match(/HTTP\/1\.1 200 /g)?.length).toBe(2);
    expect(out.slice(out.lastIndexOf("HTTP/1.1"))).toMatch(/\r\nConnection: close\r\n/i);
    await closing;
  });

  it("an idle connection is closed after the linger and close() resolves", async () => {
    const l = await listen(async () => OK);
    const c = openSocket(l.url);
    c.sock.write(GET);
    await sleep(50);
    const t0 = performance.now();
    await l.close();
    expect(performance.now() - t0).toBeLessThan(IDLE_LINGER_MS + 1000);
    expect(await c.closed).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("close() waits for a handler whose client has gone, then resolves", async () => {
    let settledAt = 0;
    const l = await listen(async () => {
      await sleep(400);
      settledAt = performance.now();
      return OK;
    });
    const c = openSocket(l.url);
    c.sock.write(GET);
    await sleep(50);
    c.sock.destroy();
    await c.closed;
    await l.close();
    expect(settledAt).toBeGreaterThan(0);
    expect(performance.now()).toBeGreaterThanOrEqual(settledAt);
  });

  it("the grace bounds close(): a request still held then is reset", async () => {
    const l = await listen(async () => OK);
    const c = openSocket(l.url);
    // A body that never ends holds the request.
    c.sock.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab");
    await sleep(100);
    const t0 = performance.now();
    await l.close(300);
    const ms = performance.now() - t0;
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(2000);
    expect(await c.closed).toBe("");
  });
});
