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
/** Two requests in one write, pipelined. */
const TWO = "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n";

/** The `Connection` header of each answer in `out`, in order. */
function connectionHeaders(out: string): (string | undefined)[] {
  return out
    .split(/(?=HTTP\/1\.1 )/)
    .map((h) => /\r\nConnection: (\S+)\r\n/i.exec(h)?.[1]?.toLowerCase());
}

/** A server whose handler records each URL and answers at once. */
async function recording() {
  const handled: string[] = [];
  const l = await listen(async (req) => {
    handled.push(req.url);
    return OK;
  });
  return { l, handled };
}

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

  it("pipelined requests taken before close(): each is answered, only the last says close", async () => {
    const handled: string[] = [];
    const releases: (() => void)[] = [];
    const l = await listen(
      (req) =>
        new Promise((r) => {
          handled.push(req.url);
          releases.push(() => r(OK));
        }),
    );
    const c = openSocket(l.url);
    c.sock.write(TWO);
    while (handled.length < 2) await sleep(10);
    const closing = l.close();
    for (const release of releases) release();
    const out = await c.closed;
    await closing;
    expect(connectionHeaders(out)).toEqual(["keep-alive", "close"]);
  });

  it("pipelined requests read in one turn after close(): each is answered, the last says close", async () => {
    const { l, handled } = await recording();
    const c = openSocket(l.url);
    c.sock.write(GET);
    await sleep(50);
    const closing = l.close();
    c.sock.write(TWO);
    const out = await c.closed;
    await closing;
    expect(handled).toEqual(["/", "/1", "/2"]);
    expect(connectionHeaders(out)).toEqual(["keep-alive", "keep-alive", "close"]);
  });

  it("a request pipelined behind an answer that closes the connection is not handled", async () => {
    const { l, handled } = await recording();
    const c = openSocket(l.url);
    // A target over the limit is refused with 414 and `Connection: close`: the client must send
    // again what it pipelined behind it, so the server must not have acted on it (a write stored,
    // its answer never sent).
    const long = `/${"a".repeat(DEFAULT_LIMITS.maxUrlBytes + 1)}`;
    c.sock.write(`GET ${long} HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n`);
    const out = await c.closed;
    expect(out).toMatch(/^HTTP\/1\.1 414 /);
    expect(out.match(/HTTP\/1\.1 /g)?.length).toBe(1);
    await sleep(50);
    expect(handled).toEqual([]);
    await l.close();
  });

  it("after a closing answer the connection is still read: the client's late writes cannot lose the answer", async () => {
    const l = await listen(async () => OK);
    const c = openSocket(l.url);
    // A busy client: it has not read the answer yet when it writes two more requests, pipelined
    // before it could see `Connection: close`. Closed at once, the server's socket refuses them,
    // the second write fails (EPIPE) and the client drops the connection, the answer unread.
    c.sock.pause();
    c.sock.write("GET /1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    for (const path of ["/2", "/3"]) {
      await sleep(100);
      c.sock.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    }
    await sleep(100);
    c.sock.resume();
    expect(await c.closed).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\nok$/);
    await l.close();
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
