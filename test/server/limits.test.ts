/**
 * Limits (P-ERR-3, P-ERR-4): 413 for bodies over 1 MiB (declared or streamed) while
 * the client can still read it, bounded URLs and headers, slow clients timed out, and no 500
 * for anything a client sends.
 */
import { connect, type Socket } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KitError } from "../../src/model/kit-error.js";
import { signRequest } from "../../src/oauth/index.js";
import { DEFAULT_LIMITS } from "../../src/server/http/limits.js";
import { checkInterval, overflowStatus } from "../../src/server/http/node-adapter.js";
import { call, type Running, start } from "./harness.js";

let s: Running;
let port: number;
beforeAll(async () => {
  s = await start({ limits: { headersTimeoutMs: 500, requestTimeoutMs: 1500 } });
  port = Number(new URL(s.url).port);
});
afterAll(() => s.close());

/** Writes `chunks` to a raw socket and collects everything until the server closes. */
function raw(
  chunks: (string | Buffer)[],
  opts: { waitMs?: number; port?: number } = {},
): Promise<string> {
  return new Promise((resolve) => {
    const sock: Socket = connect(opts.port ?? port, "127.0.0.1");
    let out = "";
    sock.on("data", (d) => {
      out += d.toString("latin1");
    });
    sock.on("error", () => resolve(out));
    sock.on("close", () => resolve(out));
    sock.on("connect", async () => {
      for (const c of chunks) {
        if (!sock.write(c)) await new Promise((r) => sock.once("drain", r));
      }
      if (opts.waitMs) setTimeout(() => sock.end(), opts.waitMs);
    });
  });
}

/** Writes `text` and resolves with the response head as soon as it has arrived (or on close). */
function rawHead(text: string): Promise<{ head: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const sock: Socket = connect(port, "127.0.0.1");
    let out = "";
    const done = (): void => {
      sock.destroy();
      resolve({ head: out, ms: Date.now() - t0 });
    };
    sock.on("data", (d) => {
      out += d.toString("latin1");
      if (out.includes("\r\n\r\n")) done();
    });
    sock.on("error", done);
    sock.on("close", done);
    sock.on("connect", () => sock.write(text));
  });
}

function signedHead(method: string, path: string, extra: string[]): string {
  const signed = signRequest({
    method,
    url: `http://127.0.0.1:${port}${path}`,
    consumerKey: "quiz-key",
    consumerSecret: "quiz secret+1/é",
    requestorId: "example.org:alice",
  });
  const u = new URL(signed.url);
  return [
    `${method} ${u.pathname}${u.search} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Authorization: ${signed.headers.authorization}`,
    ...extra,
    "",
    "",
  ].join("\r\n");
}

describe("P-ERR-4: bodies over 1 MiB", () => {
  it("refused from Content-Length; a client that writes the whole body first still reads the 413", async () => {
    const size = 3 * 1024 * 1024;
    const head = signedHead("POST", "/os/0.8/appdata/@me/@self/@app", [
      "Content-Type: application/json",
      `Content-Length: ${size}`,
    ]);
    const out = await raw([head, Buffer.alloc(size, 0x20)]);
    expect(out).toMatch(/^HTTP\/1\.1 413 /);
    expect(out).toContain('{"error":{"code":413');
  });
  it("refused as soon as a chunked body crosses the limit", async () => {
    const head = signedHead("POST", "/os/0.8/appdata/@me/@self/@app", [
      "Content-Type: application/json",
      "Transfer-Encoding: chunked",
    ]);
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const chunks: (string | Buffer)[] = [head];
    for (let i = 0; i < 6; i++) chunks.push(`${chunk.length.toString(16)}\r\n`, chunk, "\r\n");
    chunks.push("0\r\n\r\n");
    expect(await raw(chunks)).toMatch(/^HTTP\/1\.1 413 /);
  });
  it("exactly 1 MiB is not refused for size", async () => {
    const body = `{"a":"${"x".repeat(1024 * 1024 - 8)}"}`;
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const r = await call(s.url, {
      method: "POST",
      path: "/os/0.8/appdata/@me/@self/@app",
      body,
      contentType: "application/json",
    });
    expect(r.status).toBe(400); // the value is over 65,536 code points: refused by P-DATA-1, not by size
  });
  it("HEAD with a huge Content-Length gets GET's 413 at once, not a 408 after the drain (P-ERR-2)", async () => {
    for (const method of ["GET", "HEAD"]) {
      const { head, ms } = await rawHead(
        signedHead(method, "/os/0.8/people/@me/@friends", ["Content-Length: 1099511627776"]),
      );
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      expect(head).toMatch(/\r\ncontent-length: \d+\r\n/i);
      // The request timeout of this server is 1.5 s: before the fix HEAD got its 408 then.
      expect(ms).toBeLessThan(1000);
    }
  });
  it("413 comes before authentication (P-ERR-5)", async () => {
    const out = await raw([
      `POST /os/0.8/appdata/@me/@self/@app HTTP/1.1\r\nHost: x\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`,
      Buffer.alloc(2 * 1024 * 1024),
    ]);
    expect(out).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe("bounded URLs and headers, slow clients", () => {
  it("a request target over 8 KiB → 414", async () => {
    const r = await fetch(`${s.url}/os/0.8/people/@me/@self?x=${"a".repeat(9000)}`);
    expect(r.status).toBe(414);
    expect(await r.json()).toEqual({ error: { code: 414, message: "request target too long" } });
  });
  it("a 20 KiB or 100 KiB request target → 414, not 431 (Node counts the target as header bytes)", async () => {
    for (const size of [20 * 1024, 100 * 1024]) {
      const out = await raw([
        `GET /os/0.8/people/@me/@self?x=${"a".repeat(size)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      ]);
      expect(out).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/);
      // Refused by the adapter before Node parses the head (raw) or by Node's limit.
      expect(out).toMatch(
        /\r\n\r\n\{"error":\{"code":414,"message":"(uri too long|request target too long)"\}\}$/,
      );
    }
  });
  it("an 8 KiB target with 16 KiB of header fields is within both limits", async () => {
    const target = `/os/0.8/people/@me/@self?x=${"a".repeat(8 * 1024 - 27)}`;
    expect(target.length).toBe(8 * 1024);
    const fixed = "Host".length + 1 + "Connection".length + "close".length + "X-Pad".length;
    const fields = `Host: x\r\nConnection: close\r\nX-Pad: ${"b".repeat(16 * 1024 - fixed)}`;
    const out = await raw([`GET ${target} HTTP/1.1\r\n${fields}\r\n\r\n`]);
    expect(out).toMatch(/^HTTP\/1\.1 400 /); // unsigned: past both size checks to authentication
    const over = await raw([`GET ${target} HTTP/1.1\r\n${fields}b\r\n\r\n`]);
    expect(over).toMatch(/^HTTP\/1\.1 431 /);
  });
  it("a header block over 16 KiB → 431", async () => {
    const r = await raw([
      `GET /os/0.8/people/@me/@self HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    ]);
    expect(r).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(r).toMatch(/\{"error":\{"code":431,"message":"request header fields too large"\}\}$/);
  });
  it("a client that never finishes its headers is timed out", async () => {
    const t0 = Date.now();
    const out = await raw(["GET /os/0.8/people/@me/@self HTTP/1.1\r\nHost: x\r\n"], {});
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(out).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(out).toMatch(/\{"error":\{"code":408,"message":"request timeout"\}\}$/);
    expect(out === "" || /^HTTP\/1\.1 408 /.test(out)).toBe(true);
  });
  it("a client that never finishes its body is timed out", async () => {
    const head = signedHead("POST", "/os/0.8/appdata/@me/@self/@app", [
      "Content-Type: application/json",
      "Content-Length: 100",
    ]);
    const t0 = Date.now();
    await raw([head, '{"a":']);
    expect(Date.now() - t0).toBeLessThan(6000);
  });
});

describe("P-ERR-3: never a 500 for client input", () => {
  const segment = fc.oneof(
    fc.constantFrom(
      "@me",
      "@self",
      "@friends",
      "@all",
      "@app",
      "example.org:alice",
      "alice",
      "example.org:album-1",
      "%",
      "%ZZ",
      "..",
      ".",
      "",
      "%00",
      "😀",
    ),
    fc.string({ maxLength: 8 }),
  );
  const query = fc.array(
    fc.tuple(
      fc.constantFrom(
        "fields",
        "count",
        "startIndex",
        "format",
        "filterBy",
        "visibility",
        "x",
        "oauth_nonce",
      ),
      fc.string({ maxLength: 10 }),
    ),
    { maxLength: 4 },
  );
  it("random signed requests over the whole path space answer < 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("people", "appdata", "albums", "mediaitems", "other"),
        fc.array(segment, { maxLength: 4 }),
        query,
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"),
        fc.option(fc.string({ maxLength: 40 })),
        fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain"),
        async (resource, segs, q, method, body, contentType) => {
          const qs = q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
          const path = `/os/0.8/${resource}/${segs.map((x) => encodeURIComponent(x)).join("/")}${qs ? `?${qs}` : ""}`;
          let status: number;
          try {
            const r = await call(s.url, {
              method,
              path,
              ...(body !== null && method !== "GET" && method !== "HEAD"
                ? { body, contentType }
                : {}),
            });
            status = r.status;
          } catch (e) {
            // the client could not sign it (a malformed escape in the form body it composed)
            if (e instanceof KitError && e.code === "OSK_MALFORMED_ESCAPE") return;
            throw e;
          }
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("raw malformed requests answer < 500", async () => {
    for (const line of [
      "GET /os/0.8/people/%E0%A4%A/@self HTTP/1.1",
      "GET /os/0.8/people/@me/@self?%zz=1 HTTP/1.1",
      "GET * HTTP/1.1",
      "NOT AN HTTP REQUEST",
      "GET /os/0.8/people/@me/@self HTTP/9.9",
      "GET http://x/os/0.8/people/@me/@self HTTP/1.1",
    ]) {
      const out = await raw([
        `${line}\r\nHost: 127.0.0.1\r\nAuthorization: OAuth oauth_consumer_key="quiz-key"\r\nConnection: close\r\n\r\n`,
      ]);
      expect(out).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(out).toContain('{"error":{"code":4');
    }
  });
});

describe("P-ERR-1 where Node would answer by itself (review finding)", () => {
  it("a malformed header line → the whole raw 400: status line, headers, JSON body", async () => {
    const out = await raw([`GET /os/0.8/people/@me/@self HTTP/1.1\r\nHost: x\r\nNo colon\r\n\r\n`]);
    const body = '{"error":{"code":400,"message":"bad request"}}';
    expect(out).toBe(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  it("HTTP/1.1 without Host → 400 with the JSON error body, not Node's empty 400 (RFC 9112 §3.2, P-ERR-1)", async () => {
    const out = await raw([`GET /os/0.8/people/@me/@self HTTP/1.1\r\n\r\n`]);
    expect(out).toMatch(/^HTTP\/1\.1 400 /);
    expect(out).toMatch(
      /\{"error":\{"code":400,"message":"an HTTP\/1\.1 request needs a Host header"\}\}$/,
    );
  });
  it("an Expect other than 100-continue → 417 with the JSON error body", async () => {
    const out = await raw([
      `GET /os/0.8/people/@me/@self HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: foo\r\nConnection: close\r\n\r\n`,
    ]);
    expect(out).toMatch(/^HTTP\/1\.1 417 /);
    expect(out).toMatch(
      /\{"error":\{"code":417,"message":"only Expect: 100-continue is supported"\}\}$/,
    );
  });
  it("CONNECT → 400 with the JSON error body, not a silent close", async () => {
    const out = await raw([`CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n`]);
    expect(out).toMatch(/^HTTP\/1\.1 400 /);
    expect(out).toMatch(/\{"error":\{"code":400,"message":"bad request"\}\}$/);
  });
});

describe("past the parser's limit: 414 or 431", () => {
  const b = (text: string) => Buffer.from(text, "latin1");
  it("414 when the read starts with a request line whose target is over 8 KiB", () => {
    expect(overflowStatus(b(`GET /${"a".repeat(30_000)}`), DEFAULT_LIMITS)).toBe(414);
    expect(overflowStatus(b(`GET /${"a".repeat(9000)} HTTP/1.1\r\nX: y`), DEFAULT_LIMITS)).toBe(
      414,
    );
  });
  it("431 when the target is within its limit, the read starts mid-request, or is not a buffer", () => {
    const line = `GET /${"a".repeat(8 * 1024 - 1)} HTTP/1.1\r\nX: ${"b".repeat(30_000)}`;
    expect(overflowStatus(b(line), DEFAULT_LIMITS)).toBe(431);
    expect(overflowStatus(b("a".repeat(30_000)), DEFAULT_LIMITS)).toBe(431);
    expect(overflowStatus(undefined, DEFAULT_LIMITS)).toBe(431);
  });
  it.each([
    ["G", 414],
    ["ABCDEFGHIJKLMNOP", 414],
    ["ABCDEFGHIJKLMNOPQ", 431],
    ["", 431],
    ["get", 431],
    ["gET", 431],
    ["GEt", 431],
  ])(
    "a request line with method %j: %d (a method is 1 to 16 capital letters)",
    (method, status) => {
      expect(overflowStatus(b(`${method} /${"a".repeat(9000)}`), DEFAULT_LIMITS)).toBe(status);
    },
  );
});

describe("timeouts as documented", () => {
  it("the default check interval cuts a slow client at most 0.25 s after 10 s / 30 s", () => {
    // Was max(100, min(1000, headersTimeout / 2)) = 1 s: headers cut at 10.6–12 s, bodies at 30.6 s.
    expect(checkInterval(DEFAULT_LIMITS)).toBe(250);
    expect(DEFAULT_LIMITS.headersTimeoutMs).toBe(10_000);
    expect(DEFAULT_LIMITS.requestTimeoutMs).toBe(30_000);
  });

  let t: Running;
  let tPort: number;
  beforeAll(async () => {
    t = await start({ limits: { headersTimeoutMs: 1000, requestTimeoutMs: 1200 } });
    tPort = Number(new URL(t.url).port);
  });
  afterAll(() => t.close());
  /** Milliseconds from connecting until the server closes, and what it answered. */
  const cutAfter = async (text: string): Promise<{ ms: number; out: string }> => {
    const t0 = Date.now();
    const out = await raw([text], { port: tPort });
    return { ms: Date.now() - t0, out };
  };
  // Tolerance: the check interval (50 ms here) plus 400 ms of event-loop delay on a loaded
  // 2-core machine (200 ms was exceeded while a mutation run shared the cores); the interval
  // itself is pinned exactly by the test above, so this one only proves the cut happens near
  // the limit rather than a whole interval of the old code (1 s by default) later.
  const LATE_MS = 50 + 400;
  it("headers not complete within headersTimeoutMs → 408 close to it", async () => {
    const { ms, out } = await cutAfter("GET /os/0.8/people/@me/@self HTTP/1.1\r\nHost: x\r\n");
    expect(out).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(1000 - 20);
    expect(ms).toBeLessThan(1000 + LATE_MS);
  });
  it("a body not complete within requestTimeoutMs → 408 close to it", async () => {
    const { ms, out } = await cutAfter(
      "POST /os/0.8/appdata/@me/@self/@app HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    expect(out).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(1200 - 20);
    expect(ms).toBeLessThan(1200 + LATE_MS);
  });
});
