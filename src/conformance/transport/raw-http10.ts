/**
 * HTTP/1.0 requests over a plain socket (P-AUTH-6: HTTP/1.0 requests are served). undici only
 * speaks HTTP/1.1, so this sends the bytes itself, with the same deadline and body cap. The
 * response ends when the server closes or when Content-Length bytes have arrived.
 */
import { connect } from "node:net";
import { connect as connectTls } from "node:tls";
import { type ClientLimits, decode, type Exchange, type WireRequest } from "./http-client.js";

/** Sends `req` as HTTP/1.0 to `origin` and reads until the server closes. */
export function sendHttp10(
  origin: string,
  req: WireRequest,
  limits: ClientLimits,
): Promise<Exchange> {
  const url = new URL(origin);
  const start = performance.now();
  const ms = () => Math.round((performance.now() - start) * 10) / 10;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const head = headScanner();
    let done = false;
    const finish = (x: Exchange) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(x);
    };
    const tls = url.protocol === "https:";
    const port = Number(url.port || (tls ? 443 : 80));
    const socket = tls
      ? connectTls({ host: url.hostname, port, servername: url.hostname })
      : connect({ host: url.hostname, port });
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          error: {
            code: "timeout",
            message: `no complete response within ${limits.timeoutMs} ms`,
            ms: ms(),
          },
        }),
      limits.timeoutMs,
    );
    socket.on(tls ? "secureConnect" : "connect", () => {
      const lines = [`${req.method} ${req.path} HTTP/1.0`, `Host: ${url.host}`];
      for (const [k, v] of Object.entries(req.headers)) lines.push(`${k}: ${v}`);
      if (req.body) lines.push(`Content-Length: ${req.body.length}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (req.body) socket.write(req.body);
    });
    socket.on("data", (b: Buffer) => {
      size += b.length;
      if (size > limits.maxBodyBytes + 65_536) {
        finish({
          ok: false,
          error: {
            code: "too-large",
            message: `response exceeds ${limits.maxBodyBytes} bytes`,
            ms: ms(),
          },
        });
        return;
      }
      chunks.push(b);
      // Each chunk is scanned once for the end of the headers; afterwards only the running size
      // is compared (no re-joining of every chunk on every event).
      const total = head.push(b, chunks);
      if (total !== undefined && total >= 0 && size >= total)
        finish(parseResponse(Buffer.concat(chunks), limits, ms()));
    });
    socket.on("error", (e) =>
      finish({
        ok: false,
        error: { code: size ? "closed" : "connection", message: e.message, ms: ms() },
      }),
    );
    socket.on("end", () => finish(parseResponse(Buffer.concat(chunks), limits, ms())));
  });
}

/**
 * Finds the end of the headers as chunks arrive, scanning each byte once (three bytes of the
 * previous chunk are kept for a `\r\n\r\n` split across chunks). `push` answers the total
 * length of the response once the headers are in: header bytes plus Content-Length, or -1
 * without Content-Length (the response ends when the server closes); undefined before.
 */
export function headScanner(): {
  push(chunk: Buffer, all: readonly Buffer[]): number | undefined;
} {
  let seen = 0;
  let tail = Buffer.alloc(0);
  let total: number | undefined;
  return {
    push(chunk, all) {
      if (total !== undefined) return total;
      const window = Buffer.concat([tail, chunk]);
      const at = window.indexOf("\r\n\r\n");
      if (at < 0) {
        seen += chunk.length;
        tail = window.subarray(Math.max(0, window.length - 3));
        return undefined;
      }
      const split = seen - tail.length + at;
      const head = Buffer.concat(all).subarray(0, split).toString("latin1");
      const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      total = m ? split + 4 + Number(m[1]) : -1;
      return total;
    },
  };
}

function parseResponse(raw: Buffer, limits: ClientLimits, ms: number): Exchange {
  const split = raw.indexOf("\r\n\r\n");
  if (split < 0)
    return {
      ok: false,
      error: { code: "closed", message: "connection closed before the headers ended", ms },
    };
  const [statusLine = "", ...headerLines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!m)
    return {
      ok: false,
      error: {
        code: "closed",
        message: `bad status line ${JSON.stringify(statusLine.slice(0, 80))}`,
        ms,
      },
    };
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const c = line.indexOf(":");
    if (c > 0) {
      const k = line.slice(0, c).trim().toLowerCase();
      const v = line.slice(c + 1).trim();
      headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
    }
  }
  const decoded = decode(raw.subarray(split + 4), headers["content-encoding"], limits.maxBodyBytes);
  if (!decoded.ok)
    return { ok: false, error: { code: "bad-encoding", message: decoded.message, ms } };
  return { ok: true, response: { status: Number(m[1]), headers, body: decoded.body, ms } };
}
