/**
 * The socket-free request and response of the reference server (`handle(req)`), the options
 * of `createServer`, and the context every handler receives.
 */
import type { RequestLogEntry } from "./request-log.js";
import type { AppDataStore } from "./store/types.js";
import type { World, WorldApp, WorldPerson } from "./world/types.js";

/** A request as the server sees it; `url` is the path and query as sent. */
export interface ServerRequest {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>;
  body: Uint8Array;
  httpVersion?: string;
}

/** A complete response. */
export interface ServerResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Where the server reports its own bugs (never request secrets). */
export interface ServerLogger {
  error(message: string, detail?: Record<string, unknown>): void;
}

/** Timeouts and size limits of the HTTP adapter (P-ERR-4). */
export interface HttpLimits {
  /** Largest accepted body in bytes (default 1 MiB, P-ERR-4). */
  maxBodyBytes: number;
  /** Bytes discarded after a 413 before the connection closes (default 16 MiB). */
  drainBytes: number;
  /** Longest request target in bytes (default 8 KiB); longer → 414. */
  maxUrlBytes: number;
  /** Largest header block in bytes (default 16 KiB); larger → 431. */
  maxHeaderBytes: number;
  /** Time allowed to receive the headers (default 10 s). */
  headersTimeoutMs: number;
  /** Time allowed to receive the whole request (default 30 s). */
  requestTimeoutMs: number;
  /** Idle keep-alive connections close after this (default 5 s). */
  keepAliveTimeoutMs: number;
}

/** Options of `createServer`. */
export interface ServerOptions {
  world: World;
  store: AppDataStore;
  /** Milliseconds since the epoch; default `Date.now` (OAuth timestamp window, P-AUTH-3). */
  clock?: () => number;
  logger?: ServerLogger;
  limits?: Partial<HttpLimits>;
  /** P-FMT-5: write RFC 4287-valid Atom feeds (feed id, title, updated, author). Default false. */
  atomStrict?: boolean;
  /**
   * P-AUTH-7: the public origin clients sign for, behind a TLS-terminating proxy (for example
   * `https://sandbox.example`). Default: `http://` and the request's `Host`. Anything but an
   * http(s) origin throws `OperationalError` `OSK_INVALID_PUBLIC_URL`.
   */
  publicUrl?: string;
  /** Called once per answered request (`jsonLinesLog()` writes JSON lines); default none. */
  requestLog?: (entry: RequestLogEntry) => void;
}

/** Who is calling (P-AUTH-1): the application and the viewer. */
export interface Caller {
  readonly app: WorldApp;
  readonly viewer: WorldPerson;
}

/** The first value of each query parameter (P-FMT-1: unknown ones are ignored). */
export type Query = ReadonlyMap<string, string>;

/** Everything a handler may read. */
export interface HandlerContext extends Caller {
  readonly world: World;
  readonly store: AppDataStore;
  readonly query: Query;
  readonly req: ServerRequest;
}
