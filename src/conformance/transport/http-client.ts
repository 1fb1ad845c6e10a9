/**
 * The runner's HTTP client (undici 7). Every request is bounded: a deadline for the whole
 * exchange, a cap on the response body (default 4 MiB, the stream is aborted past it) and a
 * bounded decompression. Failures come back as data with a stable code, never thrown.
 */
import { gunzipSync, inflateSync } from "node:zlib";
import { Agent } from "undici";
import { bufferView } from "../../wire/bytes.js";
import type { WireRequest } from "../request/wire-request.js";

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

/** Limits of one exchange. */
export interface ClientLimits {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
}

/** Default limits: 10 s, 4 MiB. */
export const DEFAULT_LIMITS: ClientLimits = { timeoutMs: 10_000, maxBodyBytes: 4 * 1024 * 1024 };

/** A client bound to one origin. Close it when the run ends. */
export interface HttpClient {
  send(req: WireRequest, limits?: Partial<ClientLimits>): Promise<Exchange>;
  close(): Promise<void>;
}

/** Creates a keep-alive client for `origin` (e.g. `http://127.0.0.1:8080`). */
export function createHttpClient(origin: string, connections = 16): HttpClient {
  const agent = new Agent({ connections, keepAliveTimeout: 4_000, pipelining: 1 });
  return {
    send: (req, limits) => send(agent, origin, req, { ...DEFAULT_LIMITS, ...limits }),
    close: () => agent.close(),
  };
}

/**
 * Stops reading a body: destroying it can emit an abort error after we have returned, which with
 * no listener is an uncaught exception (it ended a `npm run fuzz:mutants` run); it is expected.
 */
function abandon(body: {
  on(event: "error", listener: () => void): unknown;
  destroy(): unknown;
}): void {
  body.on("error", () => {});
  body.destroy();
}

function elapsed(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

async function send(
  agent: Agent,
  origin: string,
  req: WireRequest,
  limits: ClientLimits,
): Promise<Exchange> {
  const start = performance.now();
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), limits.timeoutMs);
  const fail = (code: TransportErrorCode, message: string): Exchange => ({
    ok: false,
    error: { code, message, ms: elapsed(start) },
  });
  try {
    const res = await agent.request({
      origin,
      path: req.path,
      method: req.method as "GET",
      headers: { ...req.headers },
      body: req.body === undefined ? null : bufferView(req.body),
      signal: ac.signal,
      headersTimeout: limits.timeoutMs,
      bodyTimeout: limits.timeoutMs,
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
    }
    const declared = Number(headers["content-length"] ?? "0");
    if (declared > limits.maxBodyBytes) {
      abandon(res.body);
      return fail("too-large", `Content-Length ${declared} exceeds ${limits.maxBodyBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const b = chunk as Buffer;
      size += b.length;
      if (size > limits.maxBodyBytes) {
        abandon(res.body);
        return fail("too-large", `body exceeds ${limits.maxBodyBytes} bytes; reading stopped`);
      }
      chunks.push(b);
    }
    const decoded = decode(Buffer.concat(chunks), headers["content-encoding"], limits.maxBodyBytes);
    if (!decoded.ok) return fail("bad-encoding", decoded.message);
    return {
      ok: true,
      response: { status: res.statusCode, headers, body: decoded.body, ms: elapsed(start) },
    };
  } catch (e) {
    if (ac.signal.aborted)
      return fail("timeout", `no complete response within ${limits.timeoutMs} ms`);
    return classify(e, fail);
  } finally {
    clearTimeout(timer);
  }
}

function classify(e: unknown, fail: (c: TransportErrorCode, m: string) => Exchange): Exchange {
  const err = e as { code?: string; message?: string };
  const code = err.code ?? "";
  const message = `${code ? `${code}: ` : ""}${err.message ?? String(e)}`;
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT")
    return fail("timeout", message);
  if (
    code === "ECONNREFUSED" ||
    code === "ENOTFOUND" ||
    code === "EHOSTUNREACH" ||
    code === "UND_ERR_CONNECT_TIMEOUT"
  )
    return fail("connection", message);
  return fail("closed", message);
}

/** Undoes `Content-Encoding` within the size cap. */
export function decode(
  body: Buffer,
  encoding: string | undefined,
  max: number,
): { ok: true; body: Buffer } | { ok: false; message: string } {
  const enc = (encoding ?? "identity").trim().toLowerCase();
  try {
    if (enc === "identity" || enc === "") return { ok: true, body };
    if (enc === "gzip" || enc === "x-gzip")
      return { ok: true, body: gunzipSync(body, { maxOutputLength: max }) };
    if (enc === "deflate") return { ok: true, body: inflateSync(body, { maxOutputLength: max }) };
  } catch (e) {
    return { ok: false, message: `Content-Encoding ${enc}: ${(e as Error).message}` };
  }
  return { ok: false, message: `unsupported Content-Encoding ${enc}` };
}
