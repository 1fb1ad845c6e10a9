/**
 * The HTTP/1.0 client (P-AUTH-6) reads a response that trickles in small writes in linear
 * time: a 4 MiB body in 1 KiB writes (each sent on its own turn of the event loop so that the
 * client sees many small data events) is read in bounded time, with and without Content-Length.
 */

import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headScanner, sendHttp10 } from "../../../src/conformance/transport/raw-http10.js";

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

describe("sendHttp10", () => {
  for (const path of ["/length", "/to-close"]) {
    it(`reads 4 MiB sent in 1 KiB writes in bounded time (${path})`, async () => {
      const t0 = performance.now();
      const x = await sendHttp10(
        origin,
        { method: "GET", path, headers: {} },
        { timeoutMs: 20_000, maxBodyBytes: 8 * 1024 * 1024 },
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
    let total: number | undefined;
    for (const ch of text) {
      all.push(Buffer.from(ch, "latin1"));
      total = scanner.push(all[all.length - 1] as Buffer, all);
    }
    expect(total).toBe(text.length);
    const none = headScanner();
    const one = [Buffer.from("HTTP/1.0 200 OK\r\nX: 1\r\n\r\n{}")];
    expect(none.push(one[0] as Buffer, one)).toBe(-1);
  });
});
