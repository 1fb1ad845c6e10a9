/**
 * The runner's HTTP client, on node:http: keep-alive connections, at most a given number at once,
 * one request at a time on each (no pipelining), idle ones closed after 4 s (sooner when the
 * server's `Keep-Alive: timeout` says so). Every request is bounded: a deadline for the whole
 * exchange, a cap on the response body (default 4 MiB, reading stops past it) and a bounded
 * decompression. Failures come back as data with a stable code, never thrown.
 *
 * What it sends is what the case built: the base URL's path if it has one (target-address.ts),
 * then the path as written (never normalised: `/a/../b` stays), the case's headers, the body's
 * Content-Length (unless the case gave it or a Transfer-Encoding), then Host and Connection.
 * What it reads is the answer as its framing delimits it: bytes a server sends after a complete
 * answer (a body on a HEAD answer, more than Content-Length) end the connection, not the answer;
 * a HEAD answer, a 204 and a 304 have no body whatever length they declare; an interim 1xx
 * answer is passed over (RFC 9110 §15.2). A GET, HEAD or OPTIONS on a kept-alive connection that
 * the server resets before any answer (it closed the idle connection as the request went out, so
 * it never read it) is sent once more, on a connection of its own, within the same deadline; any
 * other method is not: the server may have read and applied it, and a second one would change
 * what is judged (RFC 9112 §9.3.1.1). So such a request never goes out on a kept-alive
 * connection idle for more than {@link UNSAFE_IDLE_MS}: a server may close idle connections
 * sooner than the pool does without saying so (gunicorn's default keep-alive is 2 s), and the
 * write that met the close would fail a correct server, in some runs and not others.
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { gunzipSync, inflateSync } from "node:zlib";
import { bodyPieces } from "../request/body-bytes.js";
import type { WireRequest } from "../request/wire-request.js";
import { ANSWER_HEAD_BYTES, type ClientLimits, DEFAULT_LIMITS } from "./client-limits.js";
import { targetAddress } from "./target-address.js";
import { tlsFailureText } from "./tls-failure.js";

/** A response read within its limits. Header names are lower case. */
export interface WireResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly ms: number;
}

/** Stable transport failure codes. */
export type TransportErrorCode =
  | "timeout"
  | "connection"
  | "closed"
  | "reset"
  | "too-large"
  | "bad-encoding";

/** A request that produced no usable response. */
export interface TransportError {
  readonly code: TransportErrorCode;
  readonly message: string;
  readonly ms: number;
}

/** The outcome of one exchange. */
export type Exchange =
  | { readonly ok: true; readonly response: WireResponse }
  | { readonly ok: false; readonly error: TransportError };

/** A client bound to one origin. Close it when the run ends. */
export interface HttpClient {
  send(req: WireRequest, limits?: Partial<ClientLimits>): Promise<Exchange>;
  close(): Promise<void>;
}

/**
 * Creates a keep-alive client for `origin`, a target's base URL (`http://127.0.0.1:8080`, or
 * with the path the API is mounted under, which each request's path follows: target-address.ts).
 */
export function createHttpClient(origin: string, connections = 16): HttpClient {
  const address = targetAddress(origin);
  const settings = { keepAlive: true, maxSockets: connections, timeout: 4_000 };
  const agent = address.secure ? new HttpsAgent(settings) : new HttpAgent(settings);
  const base: RequestOptions = {
    agent,
    protocol: address.secure ? "https:" : "http:",
    hostname: address.hostname,
    port: address.port,
    maxHeaderSize: ANSWER_HEAD_BYTES,
  };
  const send = address.secure ? httpsRequest : httpRequest;
  // when each pooled connection went back to the pool (node:http's agent emits `free` then)
  const idleSince = new WeakMap<object, number>();
  agent.on("free", (socket: object) => idleSince.set(socket, performance.now()));
  /** The connection the pool would give next (its scheduling is LIFO) has been idle too long. */
  const nextIsStale = (): boolean =>
    Object.values(agent.freeSockets).some((list) => {
      const next = list?.at(-1);
      return next !== undefined && performance.now() - (idleSince.get(next) ?? 0) > UNSAFE_IDLE_MS;
    });
  return {
    send: (req, limits) =>
      exchange(
        send,
        !SAFE_METHODS.has(req.method) && nextIsStale() ? { ...base, agent: false } : base,
        { ...req, path: `${address.prefix}${req.path}` },
        {
          ...DEFAULT_LIMITS,
          ...limits,
        },
      ),
    close: async () => agent.destroy(),
  };
}

function elapsed(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

/** Header names in lower case; a repeated header's values joined by ", ", none dropped. */
function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    const before = headers[name];
    headers[name] = before === undefined ? value : `${before}, ${value}`;
  }
  return headers;
}

/** An answer whose head has come: the message, and its headers as headersOf reads them. */
interface Answer {
  readonly res: IncomingMessage;
  readonly headers: Record<string, string>;
}

/** Errors of a connection the server closed or reset (ECONNRESET is also "socket hang up"). */
const CLOSED_UNDER_US = new Set(["ECONNRESET", "EPIPE"]);

/** The safe methods (RFC 9110 §9.2.1): the only ones sent again, since a repeat changes nothing. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The longest a kept-alive connection may have been idle to carry a request that is not sent
 * again (any but {@link SAFE_METHODS}); past it the request goes on a new connection.
 */
export const UNSAFE_IDLE_MS = 1_000;

function exchange(
  send: typeof httpRequest,
  base: RequestOptions,
  req: WireRequest,
  limits: ClientLimits,
  start = performance.now(),
  retried = false,
): Promise<Exchange> {
  return new Promise<Exchange>((resolve) => {
    let sent: ReturnType<typeof httpRequest>;
    try {
      sent = send({ ...base, method: req.method, path: req.path, headers: sentHeaders(req) });
    } catch (e) {
      // a path or header node:http will not write (a control character): nothing was sent
      const message = `not sent: ${(e as Error).message}`;
      return resolve({ ok: false, error: { code: "closed", message, ms: elapsed(start) } });
    }
    let settled = false;
    /** The answer once its head has come. */
    let answer: Answer | undefined;
    const chunks: Buffer[] = [];
    const timer = setTimeout(
      () => {
        fail("timeout", `no complete response within ${limits.timeoutMs} ms`);
        sent.destroy();
      },
      Math.max(1, limits.timeoutMs - (performance.now() - start)),
    );
    const settle = (x: Exchange | Promise<Exchange>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(x);
    };
    const fail = (code: TransportErrorCode, message: string) =>
      settle({ ok: false, error: { code, message, ms: elapsed(start) } });
    const complete = ({ res, headers }: Answer) => {
      // a body-less answer keeps its Content-Encoding for the body a GET would have had
      if (bodiless(req.method, res.statusCode))
        return settle({
          ok: true,
          response: {
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.alloc(0),
            ms: elapsed(start),
          },
        });
      const decoded = decode(
        Buffer.concat(chunks),
        headers["content-encoding"],
        limits.maxBodyBytes,
      );
      if (!decoded.ok) return fail(decoded.code, decoded.message);
      settle({
        ok: true,
        response: { status: res.statusCode ?? 0, headers, body: decoded.body, ms: elapsed(start) },
      });
    };
    sent.on("error", (e) => {
      // bytes after a complete answer end the connection, not the answer (its body is read)
      const done = answer;
      if (done?.res.complete) setImmediate(() => complete(done));
      else if (
        !retried &&
        !settled &&
        SAFE_METHODS.has(req.method) &&
        done === undefined &&
        sent.reusedSocket &&
        CLOSED_UNDER_US.has((e as { code?: string }).code ?? "")
      ) {
        // A kept-alive connection the server closed as the request went out (it had been idle:
        // the server never read the request): a safe request is sent again once, on a
        // connection of its own (no other pooled one, which may be as stale), within the same
        // deadline (RFC 9112 §9.3.1.1; node:http's documented `reusedSocket` retry).
        settle(exchange(send, { ...base, agent: false }, req, limits, start, true));
      } else fail(...classify(e, done !== undefined, sent.reusedSocket ? req.method : undefined));
    });
    sent.on("response", (res) => {
      const headers = headersOf(res);
      const head: Answer = { res, headers };
      answer = head;
      const declared = bodiless(req.method, res.statusCode)
        ? 0
        : Number(headers["content-length"] ?? "0");
      if (declared > limits.maxBodyBytes) {
        res.destroy();
        return fail("too-large", `Content-Length ${declared} exceeds ${limits.maxBodyBytes} bytes`);
      }
      let size = 0;
      res.on("data", (b: Buffer) => {
        size += b.length;
        if (size > limits.maxBodyBytes) {
          res.destroy();
          return fail("too-large", `body exceeds ${limits.maxBodyBytes} bytes; reading stopped`);
        }
        chunks.push(b);
      });
      res.on("error", () => {}); // the request's own 'error' or 'close' says what happened
      res.on("close", () => {
        if (!res.complete)
          fail("closed", `the connection closed after ${size} bytes of the body, before its end`);
      });
      res.on("end", () => complete(head));
    });
    // a body goes in pieces (a large one is never held whole, body-bytes.ts), chunked only
    // where the request's own headers say so
    for (const piece of req.body === undefined ? [] : bodyPieces(req.body)) sent.write(piece);
    sent.end();
  });
}

/** A HEAD answer, a 204 and a 304 have no body, whatever length or coding they declare. */
function bodiless(method: string, status: number | undefined): boolean {
  return method === "HEAD" || status === 204 || status === 304;
}

/**
 * The request's headers, and the body's length where they declare neither a length nor a
 * transfer coding (RFC 9112 §6.1: never both).
 */
function sentHeaders(req: WireRequest): Record<string, string> {
  const declared = Object.keys(req.headers).some((k) =>
    ["content-length", "transfer-encoding"].includes(k.toLowerCase()),
  );
  return req.body === undefined || declared
    ? { ...req.headers }
    : { ...req.headers, "Content-Length": String(req.body.length) };
}

/**
 * A failure's code and message; `answered`: the head of an answer had come; `reusedBy`: the
 * method of a request that went out on a kept-alive connection (one not sent again).
 */
function classify(
  e: unknown,
  answered: boolean,
  reusedBy: string | undefined,
): [TransportErrorCode, string] {
  const err = e as { code?: string; message?: string };
  const code = err.code ?? "";
  const message = `${code ? `${code}: ` : ""}${err.message ?? String(e)}`;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EHOSTUNREACH")
    return ["connection", message];
  const tls = answered ? undefined : tlsFailureText(code, err.message ?? String(e));
  if (tls !== undefined) return ["connection", tls];
  if (answered || !CLOSED_UNDER_US.has(code)) return ["closed", message];
  if (reusedBy === undefined)
    return ["closed", `the connection closed before an answer (${message})`];
  // A non-safe request only goes on a connection idle for at most UNSAFE_IDLE_MS, so the close
  // met it out of the server's own timing: most often an idle timer that fired while the server
  // was too busy to read the request already waiting on the connection.
  return [
    "closed",
    `the server closed a kept-alive connection as the ${reusedBy} went out, before an answer (${message}); ` +
      `the connection had been idle at most ${UNSAFE_IDLE_MS} ms, and a ${reusedBy} is not sent again, ` +
      "since the server may have applied it (RFC 9112 §9.3.1.1): check the server's keep-alive " +
      "timeout and whether it was too busy to read the request in time",
  ];
}

/**
 * Undoes `Content-Encoding` within the size cap. A body that decodes to more than the cap is
 * `too-large`, as one sent that large (not judged, over-cap.ts), not a bad encoding.
 */
export function decode(
  body: Buffer,
  encoding: string | undefined,
  max: number,
): { ok: true; body: Buffer } | { ok: false; code: "bad-encoding" | "too-large"; message: string } {
  const enc = (encoding ?? "identity").trim().toLowerCase();
  try {
    if (enc === "identity" || enc === "") return { ok: true, body };
    if (enc === "gzip" || enc === "x-gzip")
      return { ok: true, body: gunzipSync(body, { maxOutputLength: max }) };
    if (enc === "deflate") return { ok: true, body: inflateSync(body, { maxOutputLength: max }) };
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
      return { ok: false, code: "too-large", message: `decoded body exceeds ${max} bytes` };
    return {
      ok: false,
      code: "bad-encoding",
      message: `Content-Encoding ${enc}: ${(e as Error).message}`,
    };
  }
  return { ok: false, code: "bad-encoding", message: `unsupported Content-Encoding ${enc}` };
}
