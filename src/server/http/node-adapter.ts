/**
 * The `node:http` side of the server: bounded bodies (P-ERR-4: over 1 MiB → 413 as soon as known,
 * then up to 16 MiB more is discarded before the connection closes), bounded request targets
 * (414) and header fields (431), timeouts for slow clients, the P-ERR-1 body for what Node would
 * answer itself, and a graceful close (drain.ts).
 */
import type { IncomingMessage, ServerResponse as NodeResponse, Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { type Fault, fault, parserFaultCode } from "../fault.js";
import { faultResponse } from "../render.js";
import type { HttpLimits, ServerRequest, ServerResponse } from "../types.js";
import { DrainableServer, drainOf } from "./drain.js";
import { boundedTurns } from "./turns.js";

/** A listening server. */
export interface Listening {
  readonly url: string;
  readonly server: Server;
  /**
   * Stops accepting, answers what was taken with `Connection: close`, closes idle connections
   * (drain.ts) and resolves once all are closed and every handler has settled (at most `graceMs`).
   */
  close(graceMs?: number): Promise<void>;
}

const EMPTY = Buffer.alloc(0);

function send(res: NodeResponse, r: ServerResponse): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

/** Flattens Node's headers to one string per lower-case name. */
function flattenHeaders(raw: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const name in raw) {
    const value = raw[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** P-ERR-4: answers 413 at once, keeps reading (discarding) up to `drainBytes`, then closes. */
function refuseTooLarge(req: IncomingMessage, res: NodeResponse, limits: HttpLimits): void {
  const r = faultResponse(fault(413, "body-too-large", "request body larger than 1 MiB"));
  res.shouldKeepAlive = false;
  res.writeHead(413, { ...r.headers, connection: "close" });
  res.write(r.body);
  // Node drops the body of a HEAD answer, and with it the write that would have sent the
  // headers; without this a HEAD waits for the whole drain (P-ERR-2: GET's status at once).
  if (req.method === "HEAD") res.flushHeaders();
  let drained = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limits.drainBytes) {
      res.end();
      req.socket.destroy();
    }
  });
  req.on("end", () => res.end());
  req.resume();
}

const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  408: "Request Timeout",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
};

/**
 * The parser's limit: a request line and header fields each within their own limit always fit,
 * so the documented 414 and 431 are decided in `onRequest`, not by Node (which counts the target
 * and the header fields together: a 20 KiB target would be a 431).
 */
function parserHeaderLimit(limits: HttpLimits): number {
  return limits.maxUrlBytes + limits.maxHeaderBytes + 1;
}

/** Bytes of the header fields as Node's parser counts them: names and values. */
function headerFieldBytes(rawHeaders: readonly string[]): number {
  let n = 0;
  for (const part of rawHeaders) n += part.length;
  return n;
}

/**
 * The status for a request past the parser's limit: 414 when the read that crossed it begins
 * with a request line whose target is over the target limit (a long target sent in one piece,
 * as clients send a request head), else 431.
 */
export function overflowStatus(packet: unknown, limits: HttpLimits): 414 | 431 {
  if (!Buffer.isBuffer(packet)) return 431;
  const start = packet.indexOf(32);
  if (start < 1 || start > 16 || !/^[A-Z]+$/.test(packet.toString("latin1", 0, start))) return 431;
  const eol = packet.indexOf(10);
  // An unfinished line holds only the target so far; a finished one ends with " HTTP/x.y".
  const end = eol < 0 ? packet.length : packet.lastIndexOf(32, eol);
  return end - start - 1 > limits.maxUrlBytes ? 414 : 431;
}

/**
 * Connections the kernel may queue before the server accepts them (the kernel caps it at
 * `net.core.somaxconn`, 4096 on current Linux). Node's default, 511, is too short for a load
 * balancer or client pool opening 1,000 connections at once: the connections past it waited
 * for SYN-ACK retransmits and their first requests took over 10 s (measured with
 * `npm run bench:server -- --connections 1000`).
 */
const LISTEN_BACKLOG = 4096;

/** Time a turn of the event loop spends starting requests, so that new connections get in under load (turns.ts). */
const REQUEST_MS_PER_TURN = 5;
/** The same while connections are arriving (each needs a turn of its own to be accepted, turns.ts). */
const REQUEST_MS_PER_ARRIVING_TURN = 1;

/** Node's parser errors (malformed request, oversized head, timeouts) with the P-ERR-1 body. */
function answerClientError(
  err: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Duplex,
  limits: HttpLimits,
): void {
  if (!socket.writable || err.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const status =
    err.code === "HPE_HEADER_OVERFLOW"
      ? overflowStatus(err.rawPacket, limits)
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? 408
        : 400;
  writeRawFault(socket, status, REASONS[status] ?? "Bad Request");
}

/** Writes a P-ERR-1 error straight to a socket Node's HTTP layer will not answer, and closes it. */
function writeRawFault(socket: Duplex, status: number, reason: string): void {
  const r = faultResponse(fault(status, parserFaultCode(status), reason.toLowerCase()));
  const head = `HTTP/1.1 ${status} ${reason}\r\ncontent-type: ${r.headers["content-type"]}\r\ncontent-length: ${r.body.length}\r\nconnection: close\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(head, "latin1"), r.body]));
}

/**
 * How often Node looks for connections past `headersTimeoutMs` or `requestTimeoutMs`: a
 * twentieth of the shorter one, between 25 ms and 250 ms, so that a slow client is cut at most
 * 0.25 s after the documented time (a 1 s check would cut the 10 s header limit at 10.6–12 s).
 */
export function checkInterval(limits: HttpLimits): number {
  return Math.min(
    250,
    Math.max(25, Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 20),
  );
}

/** A request target over its limit (414), then header fields over theirs (431). */
function headRefusal(req: IncomingMessage, limits: HttpLimits): Fault | undefined {
  if ((req.url ?? "").length > limits.maxUrlBytes)
    return fault(414, "target-too-long", "request target too long");
  if (headerFieldBytes(req.rawHeaders) > limits.maxHeaderBytes)
    return fault(431, "headers-too-large", "request header fields too large");
  return undefined;
}

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without `Host` → 400 with the P-ERR-1 body, not
 * Node's bare 400. HTTP/1.0 may omit it (`hostOf`).
 */
function hostRefusal(req: IncomingMessage): Fault | undefined {
  return req.httpVersion === "1.1" && req.headers.host === undefined
    ? fault(400, "host-missing", "an HTTP/1.1 request needs a Host header")
    : undefined;
}

/** True when the request announces a body (a non-zero Content-Length or a Transfer-Encoding). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** The declared `Content-Length` (0 when absent or not a number). */
function declaredLength(req: IncomingMessage): number {
  const n = Number(req.headers["content-length"] ?? "0");
  return Number.isFinite(n) ? n : 0;
}

function hostOf(req: IncomingMessage, headers: Record<string, string>): void {
  if (headers.host) return;
  const { localAddress, localPort } = req.socket;
  if (localAddress === undefined) return;
  headers.host = localAddress.includes(":")
    ? `[${localAddress}]:${localPort}`
    : `${localAddress}:${localPort}`;
}

/** Starts a `node:http` server that passes complete requests to `handle`. */
export function listenHttp(
  handle: (req: ServerRequest) => Promise<ServerResponse>,
  limits: HttpLimits,
  at: { port: number; host: string },
): Promise<Listening> {
  const turns = boundedTurns(REQUEST_MS_PER_TURN, REQUEST_MS_PER_ARRIVING_TURN);
  const server = new DrainableServer({
    maxHeaderSize: parserHeaderLimit(limits),
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: checkInterval(limits),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // A Host-less HTTP/1.1 request is answered below with the P-ERR-1 body, not by
    // Node's bare 400.
    requireHostHeader: false,
  });
  const drain = drainOf(server);
  const onRequest = (req: IncomingMessage, res: NodeResponse): void => {
    // 414 and 431, then 413 (P-ERR-4), then a missing Host: each before authentication (P-ERR-5).
    const head = headRefusal(req, limits);
    if (!head && declaredLength(req) > limits.maxBodyBytes) {
      refuseTooLarge(req, res, limits);
      return;
    }
    const refusal = head ?? hostRefusal(req);
    if (refusal) {
      res.shouldKeepAlive = false;
      send(res, faultResponse(refusal));
      req.resume();
      return;
    }
    // The handler counts from the complete body on (a shutdown waits for it even when its
    // client has gone, so the store is not closed under it); `handle` never rejects, so `done`
    // always runs once the answer is sent.
    const respond = (body: Buffer): void => {
      const done = drain.handlerStarted();
      turns.run(() => {
        const headers = flattenHeaders(req.headers);
        hostOf(req, headers);
        handle({
          method: req.method ?? "GET",
          url: req.url ?? "/",
          headers,
          body,
          httpVersion: req.httpVersion,
        }).then((r) => {
          send(res, r);
          done();
        }, done);
      });
    };
    if (!hasBody(req)) {
      // No Content-Length and no Transfer-Encoding: a request without a body (RFC 9112 §6.3).
      req.resume();
      respond(EMPTY);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limits.maxBodyBytes) {
        refused = true;
        chunks.length = 0;
        refuseTooLarge(req, res, limits);
      } else chunks.push(chunk);
    });
    req.on("end", () => {
      if (!refused) respond(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
  };
  // A request the drain does not take (pipelined behind a closing answer) is read and dropped.
  const taken = (req: IncomingMessage, res: NodeResponse): boolean => {
    if (drain.requestBegan(req, res)) return true;
    req.resume();
    return false;
  };
  server.on("request", (req: IncomingMessage, res: NodeResponse) => {
    if (taken(req, res)) onRequest(req, res);
  });
  server.on("connection", () => turns.connectionAccepted());
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(err, socket, limits),
  );
  // `Expect: 100-continue`: a body that will be refused is never invited (P-ERR-4).
  server.on("checkContinue", (req: IncomingMessage, res: NodeResponse) => {
    if (!taken(req, res)) return;
    if (declaredLength(req) > limits.maxBodyBytes) return refuseTooLarge(req, res, limits);
    res.writeContinue();
    onRequest(req, res);
  });
  // P-ERR-1 for what Node would otherwise answer itself: an `Expect` other than 100-continue
  // (Node's bare 417) and CONNECT (Node closes the socket without a word).
  server.on("checkExpectation", (req: IncomingMessage, res: NodeResponse) => {
    if (!taken(req, res)) return;
    res.shouldKeepAlive = false;
    send(
      res,
      faultResponse(fault(417, "expectation-failed", "only Expect: 100-continue is supported")),
    );
    req.resume();
  });
  server.on("connect", (_req: IncomingMessage, socket: Duplex) =>
    writeRawFault(socket, 400, "Bad Request"),
  );
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: at.port, host: at.host, backlog: LISTEN_BACKLOG }, () => {
      server.off("error", reject);
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(":") ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}`,
        server,
        close: (graceMs) => drain.close(graceMs),
      });
    });
  });
}
