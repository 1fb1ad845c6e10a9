/**
 * `createServer({ world, store })`: the reference server of social-api.md. `handle(req)` answers
 * without a socket; `listen()` serves it over `node:http`; `close()` drains it (http/drain.ts).
 */
import { atomRenderer } from "./atom.js";
import { nonceStore } from "./auth/nonce-store.js";
import { fault } from "./fault.js";
import { healthResponse, isHealthRequest } from "./health.js";
import { DEFAULT_LIMITS } from "./http/limits.js";
import { type Listening, listenHttp } from "./http/node-adapter.js";
import { handleRequest, type PipelineDeps } from "./pipeline.js";
import { publicOrigin } from "./public-url.js";
import { faultResponse } from "./render.js";
import { requestLogEntry } from "./request-log.js";
import type { ServerOptions, ServerRequest, ServerResponse } from "./types.js";

/** A reference server instance. */
export interface ReferenceServer {
  /** Answers one request without a socket. Never throws. */
  handle(req: ServerRequest): Promise<ServerResponse>;
  /** Listens on `host:port` (default 127.0.0.1, port 0 = any free port). */
  listen(at?: { port?: number; host?: string }): Promise<{ url: string }>;
  /**
   * Stops: `/healthz` answers 503 from now on, new connections are refused, requests taken are
   * answered with `Connection: close`, idle connections are closed; resolves once every
   * connection has closed and every handler has settled, at most `SHUTDOWN_GRACE_MS` (the
   * store stays open: its owner closes it).
   */
  close(): Promise<void>;
}

const stderrLogger = {
  error(message: string, detail?: Record<string, unknown>): void {
    process.stderr.write(`${JSON.stringify({ level: "error", message, ...detail })}\n`);
  },
};

/**
 * Creates a server over a loaded world and an open store, seeding the store if it is new. A
 * store shared by several instances (PostgreSQL) also holds the nonces (P-AUTH-3) and is seeded
 * before the first request is answered (`listen()` waits for it and fails if it cannot).
 * Throws `OperationalError` `OSK_INVALID_PUBLIC_URL` for a `publicUrl` that is not an http(s) origin.
 */
export function createServer(options: ServerOptions): ReferenceServer {
  const { store } = options;
  const deps: PipelineDeps = {
    world: options.world,
    store,
    clock: options.clock ?? Date.now,
    logger: options.logger ?? stderrLogger,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    nonces: store.nonces ?? nonceStore(),
    atom: atomRenderer({ strict: options.atomStrict === true }),
    publicOrigin: options.publicUrl === undefined ? undefined : publicOrigin(options.publicUrl),
  };
  let seeded = false;
  let seeding: Promise<void> | undefined;
  // undefined once seeded; a failed seeding (database down) is tried again by the next request.
  const ensureSeeded = (): Promise<void> | undefined => {
    if (seeded) return undefined;
    if (!seeding) {
      const r = store.seedOnce(options.world.file.appdata ?? {});
      if (!(r instanceof Promise)) {
        seeded = true;
        return undefined;
      }
      seeding = r
        .then(() => {
          seeded = true;
        })
        .finally(() => {
          seeding = undefined;
        });
    }
    return seeding;
  };
  ensureSeeded()?.catch(() => {}); // reported by listen() or the first request
  const unavailable = (e: unknown): ServerResponse => {
    deps.logger.error("store unavailable", { error: e instanceof Error ? e.message : String(e) });
    return faultResponse(fault(503, "unavailable", "service unavailable"));
  };
  let stopping = false;
  const answer = (req: ServerRequest): Promise<ServerResponse> => {
    if (isHealthRequest(req)) return healthResponse(req, store, () => stopping);
    const pending = ensureSeeded();
    return pending
      ? pending.then(() => handleRequest(req, deps), unavailable)
      : handleRequest(req, deps);
  };
  let listening: Listening | undefined;
  const log = options.requestLog;
  const handle: (req: ServerRequest) => Promise<ServerResponse> = log
    ? async (req) => {
        const t0 = performance.now();
        const res = await answer(req);
        log(requestLogEntry(req, res, performance.now() - t0));
        return res;
      }
    : answer;
  return {
    handle,
    async listen(at = {}) {
      if (listening) return { url: listening.url };
      await ensureSeeded();
      listening = await listenHttp(handle, deps.limits, {
        port: at.port ?? 0,
        host: at.host ?? "127.0.0.1",
      });
      return { url: listening.url };
    },
    async close() {
      stopping = true;
      const l = listening;
      listening = undefined;
      await l?.close();
    },
  };
}
