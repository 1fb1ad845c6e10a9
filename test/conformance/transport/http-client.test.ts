/**
 * The runner's HTTP client against a raw TCP server that answers as each path says: what goes
 * on the wire (the path as written, the case's headers, Content-Length), how an answer is read
 * (repeated headers joined, none dropped; an interim 1xx passed over; bytes after a complete
 * answer end the connection, not the answer), how failures come back (codes, never thrown), that
 * connections are kept alive and bounded, that a GET on a kept-alive connection the server
 * resets is sent once more on a new one, a write never, and that a write never goes out on a
 * connection idle for long.
 */
import type { Socket } from "node:net";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireRequest } from "../../../src/conformance/request/wire-request.js";
import { DEFAULT_LIMITS } from "../../../src/conformance/transport/client-limits.js";
import {
  createHttpClient,
  type Exchange,
  type HttpClient,
  UNSAFE_IDLE_MS,
} from "../../../src/conformance/transport/http-client.js";
import { sendRaw } from "../../../src/conformance/transport/raw-socket.js";
import { type Running, startRawFake } from "../helpers.js";

const enc = (text: string) => new TextEncoder().encode(text);

/** The answer the server writes for each path (latin1), and whether it then closes. */
const ANSWERS: Record<string, { bytes: string; end?: true }> = {
  "/ok": { bytes: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK" },
  "/two-types": {
    bytes:
      "HTTP/1.1 200 OK\r\nContent-Type: a/b\r\ncontent-type: c/d\r\nX-A: 1\r\nContent-Length: 0\r\n\r\n",
  },
  "/extra": { bytes: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokXXXX" },
  "/head-body": { bytes: "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody" },
  "/head-large": { bytes: "HTTP/1.1 200 OK\r\nContent-Length: 99999999\r\n\r\n" },
  "/not-modified-large": { bytes: "HTTP/1.1 304 Not Modified\r\nContent-Length: 99999999\r\n\r\n" },
  "/head-gzip": {
    bytes: "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 31\r\n\r\n",
  },
  "/no-content-gzip": { bytes: "HTTP/1.1 204 No Content\r\nContent-Encoding: gzip\r\n\r\n" },
  "/short": { bytes: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", end: true },
  "/until-close": { bytes: "HTTP/1.1 200 OK\r\n\r\nread until the end", end: true },
  "/interim": {
    bytes:
      "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
  },
  "/chunked": {
    bytes: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;x=y\r\nok\r\n0\r\nT: v\r\n\r\n",
  },
  "/not-http": { bytes: "HTTXXX\r\n\r\n" },
  "/long-head": {
    bytes: `HTTP/1.1 200 OK\r\nContent-Security-Policy: ${"a".repeat(40 * 1024)}\r\nContent-Length: 2\r\n\r\nOK`,
  },
  // 64 KiB of zeros, gzipped to a few hundred bytes: under a 16 KiB cap, over it once decoded
  "/gzip-bomb": (() => {
    const z = gzipSync(Buffer.alloc(64 * 1024)).toString("latin1");
    return {
      bytes: `HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: ${z.length}\r\n\r\n${z}`,
    };
  })(),
  "/hang-up": { bytes: "", end: true },
};

let server: Running;
/** Every request head and body the server read, and the connections it accepted. */
const seen: string[] = [];
let connections = 0;

beforeAll(async () => {
  server = await startRawFake((socket: Socket) => {
    connections++;
    let onThisConnection = 0;
    let answeredAt = performance.now();
    let buf = "";
    socket.on("data", (d: Buffer) => {
      buf += d.toString("latin1");
      for (;;) {
        const end = buf.indexOf("\r\n\r\n");
        if (end < 0) return;
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buf.slice(0, end))?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        const request = buf.slice(0, end + 4 + length);
        buf = buf.slice(request.length);
        seen.push(request);
        const path = request.split(" ")[1]?.split("?")[0] ?? "";
        onThisConnection++;
        if (path === "/slow") continue; // never answered
        // a connection idle for 1.1 s or more is closed as the request arrives (it had timed out)
        const idle = onThisConnection > 1 && performance.now() - answeredAt >= 1_100;
        if (
          path === "/reset-always" ||
          (path === "/reset-reused" && onThisConnection > 1) ||
          (path === "/reset-idle" && idle)
        ) {
          socket.resetAndDestroy();
          return;
        }
        const answer = ANSWERS[path] ?? ANSWERS["/ok"];
        answeredAt = performance.now();
        if (answer?.bytes) socket.write(answer.bytes, "latin1");
        if (answer?.end) socket.end();
      }
    });
  });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}): WireRequest => ({
  method: "GET",
  path,
  headers,
});

/** Sends `req` on a client of its own, then `/ok` on the same client; both outcomes. */
async function thenOk(req: WireRequest, timeoutMs = 2000): Promise<[Exchange, Exchange]> {
  const client = createHttpClient(server.url, 1);
  try {
    const first = await client.send(req, { timeoutMs });
    const next = await client.send(get("/ok"), { timeoutMs });
    return [first, next];
  } finally {
    await client.close();
  }
}

const body = (x: Exchange) => (x.ok ? x.response.body.toString("latin1") : `error ${x.error.code}`);

describe("what the client sends", () => {
  it("the path as written, never normalised, and the case's headers as given", async () => {
    seen.length = 0;
    const [x] = await thenOk(get("/os/0.8/../x/%7e/./y?a=%20&b", { Accept: "a/b;q=0.5" }));
    expect(x.ok).toBe(true);
    expect(seen[0]).toMatch(/^GET \/os\/0\.8\/\.\.\/x\/%7e\/\.\/y\?a=%20&b HTTP\/1\.1\r\n/);
    expect(seen[0]).toContain("\r\nAccept: a/b;q=0.5\r\n");
    expect(seen[0]).toMatch(/\r\nhost: 127\.0\.0\.1:\d+\r\n/i);
    expect(seen[0]).not.toMatch(/content-length|transfer-encoding/i);
  });

  it.each([
    ["a body", new TextEncoder().encode('{"k":"é"}'), "Content-Length: 10", '{"k":"é"}'],
    ["an empty body", new Uint8Array(0), "Content-Length: 0", ""],
    [
      "a filled body (never held whole) of 200,000 bytes",
      { head: Buffer.from('{"k":"'), fill: 0x78, tail: Buffer.from('"}'), length: 200_000 },
      "Content-Length: 200000",
      `{"k":"${"x".repeat(199_992)}"}`,
    ],
  ])("POST with %s: its Content-Length, never chunked", async (_n, bytes, header, text) => {
    seen.length = 0;
    const client = createHttpClient(server.url, 1);
    const x = await client.send({ method: "POST", path: "/ok", headers: {}, body: bytes });
    await client.close();
    expect(x.ok).toBe(true);
    expect(seen[0]).toContain(`\r\n${header}\r\n`);
    expect(seen[0]).not.toMatch(/transfer-encoding/i);
    expect(Buffer.from(seen[0]?.split("\r\n\r\n")[1] ?? "", "latin1").toString("utf8")).toBe(text);
  });

  it("a body under the case's own Transfer-Encoding: chunked, no Content-Length (RFC 9112 §6.1)", async () => {
    seen.length = 0;
    const client = createHttpClient(server.url, 1);
    const headers = { "Transfer-Encoding": "chunked" };
    const x = await client.send({ method: "POST", path: "/ok", headers, body: enc("hello") });
    await client.close();
    expect(x.ok).toBe(true);
    expect(seen[0]).toMatch(/\r\nTransfer-Encoding: chunked\r\n/);
    expect(seen[0]).not.toMatch(/content-length/i);
  });

  it("a body made in another realm (a vm context) is sent as any other", async () => {
    seen.length = 0;
    const client = createHttpClient(server.url, 1);
    const body = runInNewContext("new Uint8Array([104, 105])") as Uint8Array;
    const x = await client.send({ method: "POST", path: "/ok", headers: {}, body });
    await client.close();
    expect(x.ok).toBe(true);
    expect(seen[0]).toContain("\r\nContent-Length: 2\r\n");
    expect(seen[0]?.endsWith("\r\n\r\nhi")).toBe(true);
  });

  it("a header node:http will not write is a failure with a code, not a throw", async () => {
    const client = createHttpClient(server.url, 1);
    const x = await client.send(get("/ok", { "x-bad": "a\r\nb" }));
    await client.close();
    expect(x.ok ? "sent" : x.error.code).toBe("closed");
    expect(x.ok ? "" : x.error.message).toMatch(/^not sent: /);
  });
});

describe("how an answer is read", () => {
  it("a repeated header's values are joined in order, none dropped; names in lower case", async () => {
    const [x] = await thenOk(get("/two-types"));
    expect(x.ok && x.response.headers).toMatchObject({ "content-type": "a/b, c/d", "x-a": "1" });
  });

  it.each([
    ["bytes after Content-Length", get("/extra"), "ok"],
    ["a body on a HEAD answer", { method: "HEAD", path: "/head-body", headers: {} }, ""],
  ])(
    "%s end the connection, not the answer; the next request is not touched",
    async (_n, req, text) => {
      const [x, next] = await thenOk(req as WireRequest);
      expect(body(x)).toBe(text);
      expect(body(next)).toBe("OK");
    },
  );

  it.each([
    ["a HEAD answer", { method: "HEAD", path: "/head-large", headers: {} }, 200],
    ["a 304", get("/not-modified-large"), 304],
  ])(
    "%s declaring a length over the cap has no body: read, not too-large",
    async (_n, req, status) => {
      const [x, next] = await thenOk(req as WireRequest);
      expect(x.ok ? x.response.status : x.error.code).toBe(status);
      expect(body(next)).toBe("OK");
    },
  );

  it.each([
    ["a HEAD answer", { method: "HEAD", path: "/head-gzip", headers: {} }, 200],
    ["a 204", get("/no-content-gzip"), 204],
  ])(
    "%s declaring Content-Encoding gzip is read with an empty body, nothing to decode",
    async (_n, req, status) => {
      const [x, next] = await thenOk(req as WireRequest);
      expect(x.ok ? x.response.status : x.error.code).toBe(status);
      expect(x.ok && x.response.headers["content-encoding"]).toBe("gzip");
      expect(body(x)).toBe("");
      expect(body(next)).toBe("OK");
    },
  );

  it("a head of 40 KiB (a proxy's long policy header) is read, past node:http's own 16 KiB", async () => {
    const [x] = await thenOk(get("/long-head"));
    expect(body(x)).toBe("OK");
    expect(x.ok && x.response.headers["content-security-policy"]?.length).toBe(40 * 1024);
  });

  it("an interim 1xx answer is passed over (RFC 9110 §15.2)", async () => {
    const [x] = await thenOk(get("/interim"));
    expect(x.ok && x.response.status).toBe(200);
    expect(body(x)).toBe("ok");
  });

  it("a chunked body with extensions and trailers; a body delimited by the close", async () => {
    expect(body((await thenOk(get("/chunked")))[0])).toBe("ok");
    const [x, next] = await thenOk(get("/until-close"));
    expect(body(x)).toBe("read until the end");
    expect(body(next)).toBe("OK");
  });
});

describe("failures, as data", () => {
  it.each([
    ["a body shorter than its Content-Length", "/short", /closed after 3 bytes of the body/],
    ["a connection closed before any answer", "/hang-up", /closed before an answer/],
    ["bytes that are not HTTP", "/not-http", /HPE_/],
  ])("%s: closed, said; the next request is not touched", async (_n, path, message) => {
    const [x, next] = await thenOk(get(path));
    expect(x.ok ? "ok" : x.error.code).toBe("closed");
    expect(x.ok ? "" : x.error.message).toMatch(message);
    expect(body(next)).toBe("OK");
  });

  it("a body that decodes past the cap: too-large (not judged), as one sent that large, on both transports", async () => {
    const limits = { ...DEFAULT_LIMITS, maxBodyBytes: 16 * 1024 };
    const client = createHttpClient(server.url, 1);
    const x = await client.send(get("/gzip-bomb"), limits);
    await client.close();
    const raw = await sendRaw(server.url, get("/gzip-bomb"), limits, { http: "1.1" });
    for (const r of [x, raw]) {
      expect(r.ok ? "ok" : r.error.code).toBe("too-large");
      expect(r.ok ? "" : r.error.message).toBe("decoded body exceeds 16384 bytes");
    }
    // under the default cap the same answer decodes
    const whole = await thenOk(get("/gzip-bomb"));
    expect(whole[0].ok && whole[0].response.body.length).toBe(64 * 1024);
  });

  it("no answer by the deadline: timeout", async () => {
    const client = createHttpClient(server.url, 1);
    const x = await client.send(get("/slow"), { timeoutMs: 200 });
    await client.close();
    expect(x.ok ? "ok" : x.error.code).toBe("timeout");
  });

  it("nothing listening: connection", async () => {
    const probe = await startRawFake(() => {});
    const url = probe.url;
    await probe.close();
    const client = createHttpClient(url, 1);
    const x = await client.send(get("/ok"));
    await client.close();
    expect(x.ok ? "ok" : x.error.code).toBe("connection");
  });
});

describe("connections", () => {
  let client: HttpClient;
  beforeAll(() => {
    client = createHttpClient(server.url, 3);
  });
  afterAll(() => client.close());

  it("one after another, one kept-alive connection serves them all", async () => {
    const before = connections;
    for (let i = 0; i < 5; i++) expect(body(await client.send(get("/ok")))).toBe("OK");
    expect(connections - before).toBe(1);
  });

  it("twenty at once use at most the client's three connections", async () => {
    const fresh = createHttpClient(server.url, 3);
    const before = connections;
    const all = await Promise.all(Array.from({ length: 20 }, () => fresh.send(get("/ok"))));
    await fresh.close();
    expect(all.map(body)).toEqual(Array(20).fill("OK"));
    expect(connections - before).toBeLessThanOrEqual(3);
  });
});

describe("a kept-alive connection the server resets as a request goes out", () => {
  const sentTimes = (path: string) => seen.filter((r) => r.startsWith(`GET ${path} `)).length;

  it("the request goes again, once, on a new connection, and its answer counts", async () => {
    seen.length = 0;
    const [first, again] = await thenOkFirst(get("/reset-reused"));
    expect(body(first)).toBe("OK");
    expect(body(again)).toBe("OK");
    expect(sentTimes("/reset-reused")).toBe(2);
  });

  it("on a new connection a reset is a failure, never retried", async () => {
    seen.length = 0;
    const client = createHttpClient(server.url, 1);
    const x = await client.send(get("/reset-always"));
    await client.close();
    expect(x.ok ? "ok" : x.error.code).toBe("closed");
    expect(sentTimes("/reset-always")).toBe(1);
  });

  it.each(["POST", "PUT", "DELETE"])(
    "a %s is never sent again: the server may have applied it (RFC 9112 §9.3.1.1)",
    async (method) => {
      seen.length = 0;
      const client = createHttpClient(server.url, 1);
      try {
        expect(body(await client.send(get("/ok")))).toBe("OK");
        const x = await client.send({
          method,
          path: "/reset-reused",
          headers: {},
          body: new Uint8Array(0),
        });
        expect(x.ok ? "ok" : x.error.code).toBe("closed");
        // the failure says what happened and why the request was not sent again
        expect(x.ok ? "" : x.error.message).toMatch(
          new RegExp(`kept-alive connection as the ${method} went out.*not sent again`),
        );
        expect(seen.filter((r) => r.startsWith(`${method} /reset-reused `)).length).toBe(1);
      } finally {
        await client.close();
      }
    },
  );

  it.each(["POST", "PUT", "DELETE", "PATCH"])(
    "a %s never goes out on a connection idle past UNSAFE_IDLE_MS: a server closing idle ones sooner, unannounced, is not failed",
    async (method) => {
      seen.length = 0;
      const client = createHttpClient(server.url, 1);
      try {
        expect(body(await client.send(get("/ok")))).toBe("OK");
        await new Promise((ok) => setTimeout(ok, UNSAFE_IDLE_MS + 200));
        const write = { method, path: "/reset-idle", headers: {}, body: new Uint8Array(0) };
        expect(body(await client.send(write))).toBe("OK");
        // a GET may still take the idle connection: met closed, it is sent again
        await new Promise((ok) => setTimeout(ok, UNSAFE_IDLE_MS + 200));
        expect(body(await client.send(get("/reset-idle")))).toBe("OK");
      } finally {
        await client.close();
      }
    },
    10_000,
  );

  it("a reset again on the new connection is a failure: one retry only", async () => {
    seen.length = 0;
    const [ok, x] = await thenOkFirst(get("/reset-always"));
    expect(body(ok)).toBe("OK");
    expect(x.ok ? "ok" : x.error.code).toBe("closed");
    expect(sentTimes("/reset-always")).toBe(2);
  });
});

/** Sends `/ok`, then `req` on the same kept-alive connection; both outcomes. */
async function thenOkFirst(req: WireRequest): Promise<[Exchange, Exchange]> {
  const client = createHttpClient(server.url, 1);
  try {
    const first = await client.send(get("/ok"));
    return [first, await client.send(req)];
  } finally {
    await client.close();
  }
}

describe("a base URL with a path: the API mounted below it", () => {
  it("each request's path follows the base URL's, on both transports", async () => {
    seen.length = 0;
    const client = createHttpClient(`${server.url}/social/`, 1);
    const x = await client.send(get("/os/0.8/people/@me/@self?a=1"));
    await client.close();
    const raw = await sendRaw(`${server.url}/social`, get("/os/0.8/x"), DEFAULT_LIMITS, {
      http: "1.0",
    });
    expect(body(x)).toBe("OK");
    expect(raw.ok).toBe(true);
    expect(seen[0]).toMatch(/^GET \/social\/os\/0\.8\/people\/@me\/@self\?a=1 HTTP\/1\.1\r\n/);
    expect(seen[1]).toMatch(/^GET \/social\/os\/0\.8\/x HTTP\/1\.0\r\n/);
  });
});
