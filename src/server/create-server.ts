/**
 * `createServer({ world, store })`: the reference server of social-api.md. `handle(req)` answers
 * without a socket; `listen()` serves it over `node:http`; `close()` lets in-flight requests
 * finish.
 */
import { atomRenderer } from "./atom.js";
import { nonceStore } from "./auth/nonce-store.js";
import { DEFAULT_LIMITS } from "./http/limits.js";
import { type Listening, listenHttp } from "./http/node-adapter.js";
import { handleRequest, type PipelineDeps } from "./pipeline.js";
import { publicOrigin } from "./public-url.js";
import type { ServerOptions, ServerRequest, ServerResponse } from "./types.js";

/** A reference server instance. */
export interface ReferenceServer {
  /** Answers one request without a socket. Never throws. */
  handle(req: ServerRequest): Promise<ServerResponse>;
  /** Listens on `host:port` (default 127.0.0.1, port 0 = any free port). */
  listen(at?: { port?: number; host?: string }): Promise<{ url: string }>;
  /** Stops listening after in-flight requests finish (the store stays open: its owner closes it). */
  close(): Promise<void>;
}

const stderrLogger = {
  error(message: string, detail?: Record<string, unknown>): void {
    process.stderr.write(`${JSON.stringify({ level: "error", message, ...detail })}\n`);
  },
};

/**
 * Creates a server over a loaded world and an open store, seeding the store if it is new.
 * Throws `KitError` `OSK_INVALID_PUBLIC_URL` for a `publicUrl` that is not an http(s) origin.
 */
export function createServer(options: ServerOptions): ReferenceServer {
  const deps: PipelineDeps = {
    world: options.world,
    store: options.store,
    clock: options.clock ?? Date.now,
    logger: options.logger ?? stderrLogger,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    nonces: nonceStore(),
    atom: atomRenderer({ strict: options.atomStrict === true }),
    publicOrigin: options.publicUrl === undefined ? undefined : publicOrigin(options.publicUrl),
  };
  options.store.seedOnce(options.world.file.appdata ?? {});
  let listening: Listening | undefined;
  const handle = (req: ServerRequest): Promise<ServerResponse> => handleRequest(req, deps);
  return {
    handle,
    async listen(at = {}) {
      if (listening) return { url: listening.url };
      listening = await listenHttp(handle, deps.limits, {
        port: at.port ?? 0,
        host: at.host ?? "127.0.0.1",
      });
      return { url: listening.url };
    },
    async close() {
      const l = listening;
      listening = undefined;
      await l?.close();
    },
  };
}
