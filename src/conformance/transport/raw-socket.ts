/**
 * Requests the runner writes byte by byte over a plain socket, for what the HTTP client (http-client.ts) cannot send:
 * HTTP/1.0 (P-AUTH-6: HTTP/1.0 requests are served) and a request whose body is held back after
 * its first bytes (P-ERR-4.2: a 413 must not wait for the rest of the body), or written whole
 * before anything is read (P-ERR-4.3: such a client still gets the 413). The same deadline
 * and body cap as the HTTP client apply. The response ends at Content-Length, at the last chunk
 * of a chunked answer, or when the server closes. A held body or a body written first is then
 * followed to the end of the connection (P-ERR-4.3: the server discards the rest of the body
 * before it closes): the rest of a held body is sent once the answer is in, the runner ends its
 * side and waits for the server's close. A reset at any point after connecting (the server
 * closed with bytes of the body unread) fails the exchange as `reset`, whether or not the answer
 * was read before it: which of the two comes first depends on socket buffers and timing, that
 * the reset comes at all on the server alone.
 */
import { connect, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import { bodyPieces } from "../request/body-bytes.js";
import type { WireRequest } from "../request/wire-request.js";
import { ANSWER_HEAD_BYTES, type ClientLimits } from "./client-limits.js";
import { decode, type Exchange } from "./http-client.js";
import { targetAddress } from "./target-address.js";

/** How the request goes on the wire. */
interface RawMode {
  readonly http: "1.0" | "1.1";
  /**
   * Send the head (declaring the whole body: its Content-Length, or chunked transfer coding) and
   * only the first `after` bytes of the body, then wait for the answer with the rest held back;
   * the rest goes once the answer is in.
   */
  readonly hold?: { readonly after: number; readonly chunked: boolean };
  /** Write the whole request before reading anything of the answer (P-ERR-4.3). */
  readonly writeFirst?: boolean;
}

/** Whether the body goes in chunked transfer coding: a held body asked so, over HTTP/1.1. */
function chunkedIn(mode: RawMode): boolean {
  return mode.hold?.chunked === true && mode.http === "1.1";
}

/** The request head and the body bytes to write, as `mode` says. */
export function requestBytes(host: string, req: WireRequest, mode: RawMode): Buffer[] {
  const lines = [`${req.method} ${req.path} HTTP/${mode.http}`, `Host: ${host}`];
  for (const [k, v] of Object.entries(req.headers)) lines.push(`${k}: ${v}`);
  const body = req.body;
  const chunked = chunkedIn(mode);
  if (body && chunked) lines.push("Transfer-Encoding: chunked");
  else if (body) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  if (!body) return [head];
  const sent = bodyPieces(body, 0, mode.hold ? mode.hold.after : body.length);
  return [head, ...(chunked ? chunks(sent) : sent)];
}

/** The rest of a held body, sent once the answer is in (chunked: its chunks and the last chunk). */
function heldBytes(req: WireRequest, mode: RawMode): Buffer[] {
  if (!mode.hold || !req.body) return [];
  const rest = bodyPieces(req.body, mode.hold.after);
  if (!chunkedIn(mode)) return rest;
  return [...chunks(rest), Buffer.from("0\r\n\r\n", "latin1")];
}

/** The body's pieces in chunked transfer coding, a chunk each, without the last chunk. */
function chunks(pieces: readonly Buffer[]): Buffer[] {
  return pieces.flatMap((piece) => [
    Buffer.from(`${piece.length.toString(16)}\r\n`, "latin1"),
    piece,
    Buffer.from("\r\n"),
  ]);
}

/**
 * Sends `req` over a socket of its own as `mode` says and reads the answer; `origin` is the
 * target's base URL, whose path `req.path` follows (target-address.ts).
 */
export function sendRaw(
  origin: string,
  req: WireRequest,
  limits: ClientLimits,
  mode: RawMode,
): Promise<Exchange> {
  const address = targetAddress(origin);
  const start = performance.now();
  const ms = () => Math.round((performance.now() - start) * 10) / 10;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    /** The last bytes of the previous read, for a last chunk split across reads. */
    let tail = Buffer.alloc(0);
    let head = headScanner();
    let done = false;
    /** Set once connected: an error after it is a close by the server, not a refused connection. */
    let connected = false;
    /** A held body or one written first is followed to the connection's end (P-ERR-4.3). */
    const follows = mode.writeFirst === true || mode.hold !== undefined;
    /** The complete answer, kept while the connection's end is awaited. */
    let answered: Exchange | undefined;
    const finish = (x: Exchange) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(x);
    };
    /** A complete answer: the exchange's result, or (a body followed) the rest and the close. */
    const conclude = (x: Exchange) => {
      if (!follows || !x.ok) return finish(x);
      if (answered) return;
      answered = x;
      for (const b of heldBytes(req, mode)) socket.write(b);
      socket.end();
    };
    /** The answer so far, if it is complete (a server may close while the client still writes). */
    const complete = (): Exchange | undefined => {
      const end = head.end();
      if (end === undefined) return undefined;
      const all = Buffer.concat(chunks);
      if (end.kind === "length")
        return size >= end.total ? parseResponse(all, limits, ms()) : undefined;
      if (end.kind === "chunked") {
        const body = dechunk(all.subarray(end.headEnd));
        return body ? parseResponse(all, limits, ms(), body) : undefined;
      }
      return undefined;
    };
    const tls = address.secure;
    const { hostname: host, port } = address;
    const socket: Socket = tls
      ? connectTls({ host, port, servername: host })
      : connect({ host, port });
    const timer = setTimeout(
      () =>
        // A server that neither closes nor resets after its answer has not closed unread.
        finish(
          answered ?? {
            ok: false,
            error: {
              code: "timeout",
              message: mode.hold
                ? `no complete response within ${limits.timeoutMs} ms while the rest of the body was held back`
                : `no complete response within ${limits.timeoutMs} ms`,
              ms: ms(),
            },
          },
        ),
      limits.timeoutMs,
    );
    socket.on(tls ? "secureConnect" : "connect", () => {
      connected = true;
      if (mode.writeFirst) socket.pause();
      const bytes = requestBytes(
        address.host,
        { ...req, path: `${address.prefix}${req.path}` },
        mode,
      );
      const lastPart = bytes.length - 1;
      for (const [i, b] of bytes.entries())
        socket.write(b, i === lastPart && mode.writeFirst ? () => socket.resume() : undefined);
    });
    socket.on("data", (b: Buffer) => {
      size += b.length;
      if (size > limits.maxBodyBytes + ANSWER_HEAD_BYTES) {
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
      // is compared (no re-joining of every chunk on every event), or, for a chunked answer,
      // the tail is looked at for the empty line that ends it.
      let end = head.push(b, chunks);
      // An interim 1xx answer is passed over (RFC 9110 §15.2): its bytes are dropped and what
      // follows it is scanned as the answer.
      while (end?.kind === "interim") {
        const rest = Buffer.concat(chunks).subarray(end.headEnd);
        chunks.length = 0;
        size = rest.length;
        head = headScanner();
        if (rest.length === 0) return;
        chunks.push(rest);
        end = head.push(rest, chunks);
      }
      if (end === undefined || end.kind === "close") return;
      if (end.kind === "length" && size < end.total) return;
      if (end.kind === "chunked") {
        // the last chunk, any trailer fields, then an empty line (RFC 9112 §7.1); the whole
        // message is checked (dechunk) only when what came so far ends as one would
        tail = Buffer.concat([tail, b.subarray(-4)]).subarray(-4);
        if (!tail.equals(MESSAGE_END)) return;
      }
      const x = complete();
      if (x) conclude(x);
    });
    socket.on("error", (e) => {
      const got = answered ?? complete();
      if (connected && follows) return finish(reset(e, got, ms()));
      finish(
        got ?? {
          ok: false,
          error: { code: size ? "closed" : "connection", message: e.message, ms: ms() },
        },
      );
    });
    socket.on("close", () => {
      if (answered) finish(answered);
    });
    socket.on("end", () => {
      if (answered) return;
      const x = complete();
      if (x) conclude(x);
      else if (head.end()?.kind === "chunked")
        finish({
          ok: false,
          error: { code: "closed", message: "connection closed before the last chunk", ms: ms() },
        });
      else finish(parseResponse(Buffer.concat(chunks), limits, ms()));
    });
  });
}

/**
 * The failure of an exchange whose body was followed when the connection is reset: the server
 * closed with bytes of the body unread (P-ERR-4.3 has it discard them first), after its answer
 * (`got`) or before the runner could read one.
 */
function reset(e: Error, got: Exchange | undefined, ms: number): Exchange {
  const when = got?.ok
    ? `after answering ${got.response.status}`
    : "while the request body was being sent, before any answer was read";
  return {
    ok: false,
    error: {
      code: "reset",
      message: `the server reset the connection ${when}: it closed with the request body unread (${e.message})`,
      ms,
    },
  };
}

/** The empty line that ends a chunked message (after the last chunk and any trailer fields). */
const MESSAGE_END = Buffer.from("\r\n\r\n", "latin1");

/**
 * Where a response ends, once its headers are in; `interim`: the head was a 1xx answer other
 * than 101, ending at `headEnd`, and the final answer follows it.
 */
type ResponseEnd =
  | { readonly kind: "length"; readonly total: number }
  | { readonly kind: "chunked"; readonly headEnd: number }
  | { readonly kind: "interim"; readonly headEnd: number }
  | { readonly kind: "close" };

/**
 * Finds the end of the headers as chunks arrive, scanning each byte once (three bytes of the
 * previous chunk are kept for a `\r\n\r\n` split across chunks). `push` answers where the
 * response ends once the headers are in: header bytes plus Content-Length, after the last chunk
 * of a chunked body, or when the server closes; undefined before.
 */
export function headScanner(): {
  push(chunk: Buffer, all: readonly Buffer[]): ResponseEnd | undefined;
  end(): ResponseEnd | undefined;
} {
  let seen = 0;
  let tail = Buffer.alloc(0);
  let found: ResponseEnd | undefined;
  return {
    end: () => found,
    push(chunk, all) {
      if (found !== undefined) return found;
      const window = Buffer.concat([tail, chunk]);
      const at = window.indexOf("\r\n\r\n");
      if (at < 0) {
        seen += chunk.length;
        tail = window.subarray(Math.max(0, window.length - 3));
        return undefined;
      }
      const split = seen - tail.length + at;
      const text = Buffer.concat(all).subarray(0, split).toString("latin1");
      if (/^HTTP\/1\.[01] 1(?!01)\d\d/.test(text)) return { kind: "interim", headEnd: split + 4 };
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      found = /\r\ntransfer-encoding:[^\r]*chunked/i.test(text)
        ? { kind: "chunked", headEnd: split + 4 }
        : length
          ? { kind: "length", total: split + 4 + Number(length[1]) }
          : { kind: "close" };
      return found;
    },
  };
}

/** The body of a complete chunked message (RFC 9112 §7.1), or undefined while it is not complete. */
export function dechunk(raw: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf("\r\n", at);
    if (eol < 0) return undefined;
    const size = Number.parseInt(raw.toString("latin1", at, eol).split(";")[0] ?? "", 16);
    if (!Number.isFinite(size) || size < 0) return undefined;
    // The last chunk, then optional trailer fields, then an empty line.
    if (size === 0) return raw.indexOf("\r\n\r\n", eol) >= 0 ? Buffer.concat(parts) : undefined;
    if (raw.length < eol + 2 + size + 2) return undefined;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

function parseResponse(
  raw: Buffer,
  limits: ClientLimits,
  ms: number,
  dechunked?: Buffer,
): Exchange {
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
  const body = dechunked ?? raw.subarray(split + 4);
  const decoded = decode(body, headers["content-encoding"], limits.maxBodyBytes);
  if (!decoded.ok)
    return { ok: false, error: { code: decoded.code, message: decoded.message, ms } };
  return { ok: true, response: { status: Number(m[1]), headers, body: decoded.body, ms } };
}
