/**
 * The `node:http` side of the server: bounded bodies (P-ERR-4: over 1 MiB → 413 as soon as known,
 * then up to 16 MiB more is discarded before the connection closes), bounded request targets
 * (414) and headers (431), timeouts for slow clients, and a graceful close that lets in-flight
 * requests finish.
 */
import {
  createServer,
  type IncomingMessage,
  type ServerResponse as NodeResponse,
  type Server,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { fault } from "../fault.js";
import { faultResponse } from "../render.js";
import type { HttpLimits, ServerRequest, ServerResponse } from "../types.js";

/** A listening server. */
export interface Listening {
  readonly url: string;
  readonly server: Server;
  /** Stops accepting, waits for in-flight requests (at most `graceMs`), then closes. */
  close(graceMs?: number): Promise<void>;
}

const EMPTY = Buffer.alloc(0);

function send(res: NodeResponse, r: ServerResponse): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

/** Flattens Node's headers to one string per lower-case name. */
export function flattenHeaders(raw: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const name in raw) {
    const value = raw[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** P-ERR-4: answers 413 at once, keeps reading (discarding) up to `drainBytes`, then closes. */
function refuseTooLarge(req: IncomingMessage, res: NodeResponse, limits: HttpLimits): void {
  const r = faultResponse(fault(413, "request body larger than 1 MiB"));
  res.shouldKeepAlive = false;
  res.writeHead(413, { ...r.headers, connection: "close" });
  res.write(r.body);
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

/** Node's parser errors (malformed request, oversized headers, timeouts) with the P-ERR-1 body. */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (err as { code?: string }).code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const status =
    err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const reason =
    status === 431
      ? "Request Header Fields Too Large"
      : status === 408
        ? "Request Timeout"
        : "Bad Request";
  writeRawFault(socket, status, reason);
}

/** Writes a P-ERR-1 error straight to a socket Node's HTTP layer will not answer, and closes it. */
function writeRawFault(socket: Duplex, status: number, reason: string): void {
  const r = faultResponse(fault(status, reason.toLowerCase()));
  const head = `HTTP/1.1 ${status} ${reason}\r\ncontent-type: ${r.headers["content-type"]}\r\ncontent-length: ${r.body.length}\r\nconnection: close\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(head, "latin1"), r.body]));
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
  let inFlight = 0;
  let idle: (() => void) | undefined;
  const server = createServer({
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersTimeoutMs / 2)),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  });
  const onRequest = (req: IncomingMessage, res: NodeResponse): void => {
    if ((req.url ?? "").length > limits.maxUrlBytes) {
      res.shouldKeepAlive = false;
      send(res, faultResponse(fault(414, "request target too long")));
      req.resume();
      return;
    }
    if (declaredLength(req) > limits.maxBodyBytes) {
      refuseTooLarge(req, res, limits);
      return;
    }
    inFlight++;
    let settled = false;
    const done = (): void => {
      if (settled) return;
      settled = true;
      inFlight--;
      if (inFlight === 0) idle?.();
    };
    // `handle` never rejects, so `done` always runs once the answer is sent.
    const respond = (body: Buffer): void => {
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
    };
    req.on("error", done);
    if (!hasBody(req)) {
      // No Content-Length and no Transfer-Encoding: a request without a body (RFC 9112 §6.3).
      req.resume();
      respond(EMPTY);
      return;
    }
    // A body may never end (abort): that settles the request too.
    req.on("aborted", done);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limits.maxBodyBytes) {
        refused = true;
        chunks.length = 0;
        done();
        refuseTooLarge(req, res, limits);
      } else chunks.push(chunk);
    });
    req.on("end", () => {
      if (!refused) respond(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
  };
  server.on("request", onRequest);
  server.on("clientError", answerClientError);
  // `Expect: 100-continue`: a body that will be refused is never invited (P-ERR-4).
  server.on("checkContinue", (req: IncomingMessage, res: NodeResponse) => {
    if (declaredLength(req) > limits.maxBodyBytes) return refuseTooLarge(req, res, limits);
    res.writeContinue();
    onRequest(req, res);
  });
  // P-ERR-1 for what Node would otherwise answer itself: an `Expect` other than 100-continue
  // (Node's bare 417) and CONNECT (Node closes the socket without a word).
  server.on("checkExpectation", (req: IncomingMessage, res: NodeResponse) => {
    res.shouldKeepAlive = false;
    send(res, faultResponse(fault(417, "only Expect: 100-continue is supported")));
    req.resume();
  });
  server.on("connect", (_req: IncomingMessage, socket: Duplex) =>
    writeRawFault(socket, 400, "Bad Request"),
  );
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(at.port, at.host, () => {
      server.off("error", reject);
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(":") ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}`,
        server,
        close: (graceMs = 10_000) =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => server.closeAllConnections(), graceMs);
            const finish = (): void => {
              server.closeIdleConnections();
            };
            idle = finish;
            server.close(() => {
              clearTimeout(timer);
              done();
            });
            if (inFlight === 0) finish();
          }),
      });
    });
  });
}
