/**
 * The raw-socket client: held-back and written-first bodies (P-ERR-4), chunked answers, and the
 * HTTP/1.0 client (P-AUTH-6), which reads a response that trickles in small writes in linear
 * time: a 4 MiB body in 1 KiB writes (each sent on its own turn of the event loop so that the
 * client sees many small data events) is read in bounded time, with and without Content-Length.
 */

import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dechunk,
  headScanner,
  requestBytes,
  sendRaw,
} from "../../../src/conformance/transport/raw-socket.js";

const BODY = 4 * 1024 * 1024;
const PIECE = Buffer.alloc(1024, 0x20);
let server: Server;
let origin: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setNoDelay(true);
    socket.once("data", (req) => {
      const withLength = req.toString("latin1").startsWith("GET /length");
      socket.write(
        `HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n${withLength ? `Content-Length: ${BODY}\r\n` : ""}\r\n`,
      );
      let sent = 0;
      const next = () => {
        if (sent >= BODY) {
          if (!withLength) socket.end();
          return;
        }
        sent += PIECE.length;
        socket.write(PIECE, () => setImmediate(next));
      };
      next();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

describe("sendRaw, HTTP/1.0", () => {
  for (const path of ["/length", "/to-close"]) {
    it(`reads 4 MiB sent in 1 KiB writes in bounded time (${path})`, async () => {
      const t0 = performance.now();
      const x = await sendRaw(
        origin,
        { method: "GET", path, headers: {} },
        { timeoutMs: 20_000, maxBodyBytes: 8 * 1024 * 1024 },
        { http: "1.0" },
      );
      const ms = performance.now() - t0;
      expect(x.ok).toBe(true);
      if (x.ok) expect(x.response.body.length).toBe(BODY);
      expect(ms).toBeLessThan(3000);
    });
  }

  it("finds the end of the headers split across chunks, byte by byte", () => {
    const text = "HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello";
    const scanner = headScanner();
    const all: Buffer[] = [];
    let end: ReturnType<ReturnType<typeof headScanner>["push"]>;
    for (const ch of text) {
      all.push(Buffer.from(ch, "latin1"));
      end = scanner.push(all[all.length - 1] as Buffer, all);
    }
    expect(end).toEqual({ kind: "length", total: text.length });
    const none = headScanner();
    const one = [Buffer.from("HTTP/1.0 200 OK\r\nX: 1\r\n\r\n{}")];
    expect(none.push(one[0] as Buffer, one)).toEqual({ kind: "close" });
  });
});

/** A raw TCP server on 127.0.0.1:0 with `onSocket` per connection; its origin and a closer. */
async function rawServer(
  onSocket: (socket: Socket) => void,
): Promise<{ at: string; close(): void }> {
  const server = createServer((socket) => {
    socket.on("error", () => {});
    onSocket(socket);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    at: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

describe("sendRaw, a held-back body (P-ERR-4.2) and a body written first (P-ERR-4.3)", () => {
  const req = {
    method: "POST",
    path: "/x",
    headers: { "content-type": "application/json" },
    body: Buffer.alloc(200_000, 0x61),
  };
  const held = (at: string, after: number, chunked: boolean) =>
    sendRaw(
      at,
      req,
      { timeoutMs: 5000, maxBodyBytes: 1024 },
      { http: "1.1", hold: { after, chunked } },
    );

  it("declares the whole body's length and writes only the first bytes", () => {
    const parts = requestBytes("h:1", req, { http: "1.1", hold: { after: 1000, chunked: false } });
    const head = (parts[0] as Buffer).toString("latin1");
    expect(head).toContain("Content-Length: 200000\r\n");
    expect(head).not.toMatch(/transfer-encoding/i);
    expect(Buffer.concat(parts.slice(1)).length).toBe(1000);
  });

  it("frames a held chunked body in chunks, without the last chunk", () => {
    const parts = requestBytes("h:1", req, {
      http: "1.1",
      hold: { after: 70_000, chunked: true },
    });
    const head = (parts[0] as Buffer).toString("latin1");
    expect(head).toContain("Transfer-Encoding: chunked\r\n");
    expect(head).not.toMatch(/content-length/i);
    const framed = Buffer.concat(parts.slice(1));
    expect(dechunk(framed)).toBeUndefined();
    const body = dechunk(Buffer.concat([framed, Buffer.from("0\r\n\r\n")]));
    expect(body?.length).toBe(70_000);
  });

  it("reads a chunked answer to its last chunk, across reads", () => {
    expect(dechunk(Buffer.from("3\r\nabc\r\n2;x=1\r\nde\r\n0\r\n\r\n"))?.toString()).toBe("abcde");
    expect(dechunk(Buffer.from("3\r\nabc\r\n0\r\n"))).toBeUndefined();
    expect(dechunk(Buffer.from("5\r\nab"))).toBeUndefined();
  });

  it("gets an answer sent before the rest of the body, chunked or not", async () => {
    const { at, close } = await rawServer((socket) =>
      socket.once("data", () =>
        socket.write(
          'HTTP/1.1 413 Payload Too Large\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n3\r\n:1}\r\n0\r\n\r\n',
        ),
      ),
    );
    try {
      for (const chunked of [false, true]) {
        const x = await held(at, 100, chunked);
        expect(x.ok && x.response.status).toBe(413);
        if (x.ok) expect(x.response.body.toString()).toBe('{"a":1}');
      }
    } finally {
      close();
    }
  });

  it.each([
    ["an interim 100 Continue", "HTTP/1.1 100 Continue\r\n\r\n"],
    ["interim 103 Early Hints, twice", "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n".repeat(2)],
  ])(
    "passes over %s before the answer (RFC 9110 §15.2), held or written first",
    async (_n, interim) => {
      const answer = `${interim}HTTP/1.1 413 Payload Too Large\r\nContent-Length: 2\r\n\r\n{}`;
      const { at, close } = await rawServer((socket) => {
        // the interim answer in a write of its own, then the final one
        socket.once("data", () => {
          socket.write(interim);
          setTimeout(() => socket.write(answer.slice(interim.length)), 20);
        });
        socket.on("end", () => socket.end());
      });
      try {
        for (const mode of [
          { hold: { after: 100, chunked: false } },
          { writeFirst: true as const },
        ]) {
          const x = await sendRaw(
            at,
            req,
            { timeoutMs: 3000, maxBodyBytes: 1024 },
            { http: "1.1", ...mode },
          );
          expect(x.ok ? x.response.status : x.error.message).toBe(413);
          if (x.ok) expect(x.response.body.toString()).toBe("{}");
        }
      } finally {
        close();
      }
    },
  );

  it("reads a chunked answer whose last chunk has an extension and trailer fields", async () => {
    const { at, close } = await rawServer((socket) => {
      socket.once("data", () =>
        socket.write(
          "HTTP/1.1 413 Payload Too Large\r\nTransfer-Encoding: chunked\r\nTrailer: X-Sum\r\n\r\n2\r\n{}\r\n0;x=1\r\nX-Sum: abc\r\n\r\n",
        ),
      );
      socket.on("end", () => socket.end());
    });
    try {
      const x = await held(at, 100, false);
      expect(x.ok ? x.response.status : x.error.message).toBe(413);
      if (x.ok) expect(x.response.body.toString()).toBe("{}");
    } finally {
      close();
    }
  });

  it("writes the whole body before reading, then reads the answer", async () => {
    let received = 0;
    const { at, close } = await rawServer((socket) =>
      socket.on("data", (b: Buffer) => {
        received += b.length;
        if (received >= req.body.length)
          socket.end("HTTP/1.1 413 Payload Too Large\r\nContent-Length: 2\r\n\r\n{}");
      }),
    );
    try {
      const x = await sendRaw(
        at,
        req,
        { timeoutMs: 5000, maxBodyBytes: 1024 },
        { http: "1.1", writeFirst: true },
      );
      expect(x.ok && x.response.status).toBe(413);
      expect(received).toBeGreaterThanOrEqual(req.body.length);
    } finally {
      close();
    }
  });

  /**
   * A server that answers 413 once it has 1,000 bytes, reads on, and closes when the client has
   * ended; `body()`: the bytes it read after the request's head.
   */
  async function answersEarly() {
    let received = Buffer.alloc(0);
    const server = await rawServer((socket) => {
      let answered = false;
      socket.on("data", (b: Buffer) => {
        received = Buffer.concat([received, b]);
        if (!answered && received.length > 1000) {
          answered = true;
          socket.write("HTTP/1.1 413 Payload Too Large\r\nContent-Length: 2\r\n\r\n{}");
        }
      });
      socket.on("end", () => socket.end());
    });
    const body = () => received.subarray(received.indexOf("\r\n\r\n") + 4);
    return { ...server, body };
  }

  it("sends the rest of a held body once the answer is in, and waits for the server's close", async () => {
    for (const chunked of [false, true]) {
      const { at, close, body } = await answersEarly();
      try {
        const x = await held(at, 100_000, chunked);
        expect(x.ok && x.response.status).toBe(413);
        expect((chunked ? dechunk(body()) : body())?.equals(req.body)).toBe(true);
      } finally {
        close();
      }
    }
  });

  it("sends a filled body (never held whole) byte for byte, held or not, chunked or not", async () => {
    const filled = {
      head: Buffer.from('{"k":"'),
      fill: 0x78,
      tail: Buffer.from('"}'),
      length: 150_000,
    };
    const written = `{"k":"${"x".repeat(149_992)}"}`;
    for (const mode of [
      { http: "1.1" as const, writeFirst: true },
      { http: "1.1" as const, hold: { after: 70_000, chunked: false } },
      { http: "1.1" as const, hold: { after: 70_000, chunked: true } },
    ]) {
      const { at, close, body } = await answersEarly();
      try {
        const x = await sendRaw(
          at,
          { ...req, body: filled },
          { timeoutMs: 5000, maxBodyBytes: 1024 },
          mode,
        );
        expect(x.ok && x.response.status).toBe(413);
        const chunked = mode.hold?.chunked === true;
        expect((chunked ? dechunk(body()) : body())?.toString("latin1")).toBe(written);
      } finally {
        close();
      }
    }
  });

  /** A server that answers 413 to the first bytes and stops reading; `then` closes it, or not. */
  const answersAndStops = (then: (socket: Socket) => void) =>
    rawServer((socket) =>
      socket.once("data", () => {
        socket.pause();
        socket.write("HTTP/1.1 413 Payload Too Large\r\nContent-Length: 2\r\n\r\n{}");
        then(socket);
      }),
    );
  const writeFirst = (at: string, bytes: number, timeoutMs: number) =>
    sendRaw(
      at,
      { ...req, body: Buffer.alloc(bytes, 0x61) },
      { timeoutMs, maxBodyBytes: 1024 },
      { http: "1.1", writeFirst: true },
    );

  it("fails a body written first when the server answers, then closes with the body unread (a reset), every time", async () => {
    const { at, close } = await answersAndStops((socket) => socket.destroy());
    try {
      for (let i = 0; i < 5; i++) {
        const x = await writeFirst(at, 8 * 1024 * 1024, 5000);
        expect(x.ok).toBe(false);
        if (!x.ok) expect(x.error.code).toBe("reset");
      }
    } finally {
      close();
    }
  });

  it("keeps the answer to a body written first when the server neither closes nor resets by the deadline", async () => {
    // It never reads again: it never sees the runner's end, and never closes.
    const { at, close } = await answersAndStops(() => {});
    try {
      const x = await writeFirst(at, req.body.length, 500);
      expect(x.ok && x.response.status).toBe(413);
    } finally {
      close();
    }
  });

  it("says the server reset the connection while the body was being sent, when it resets before answering", async () => {
    const { at, close } = await rawServer((socket) =>
      socket.once("data", () => socket.resetAndDestroy()),
    );
    try {
      const x = await writeFirst(at, 8 * 1024 * 1024, 5000);
      expect(x.ok).toBe(false);
      if (!x.ok) {
        expect(x.error.code).toBe("reset");
        expect(x.error.message).toMatch(
          /^the server reset the connection while the request body was being sent, before any answer was read: it closed with the request body unread \(.+\)$/,
        );
      }
    } finally {
      close();
    }
  });

  it("times out, saying the body was held back, when the server waits for the rest", async () => {
    const { at, close } = await rawServer(() => {});
    try {
      const x = await sendRaw(
        at,
        req,
        { timeoutMs: 300, maxBodyBytes: 1024 },
        { http: "1.1", hold: { after: 10, chunked: false } },
      );
      expect(x.ok).toBe(false);
      if (!x.ok) {
        expect(x.error.code).toBe("timeout");
        expect(x.error.message).toContain("held back");
      }
    } finally {
      close();
    }
  });
});
