/**
 * Graceful shutdown of the `node:http` server. From `close()` on:
 * - the listening socket is closed: a new connection is refused, so a load balancer sees the
 *   instance leave at once;
 * - every answer not yet begun says `Connection: close` and its connection ends after it, so a
 *   keep-alive connection carries at most one more request (answered in full, not reset);
 * - a connection with no request in progress is closed once it has been idle for
 *   {@link IDLE_LINGER_MS}: a request may already be on its way on it (sent before the signal,
 *   or by a client that sends its next request as soon as it reads an answer), and closing the
 *   socket under it would reset it;
 * - `close()` resolves once every connection has closed and every handler has settled (so the
 *   store can be closed under nobody), or when the grace runs out, which resets what is left.
 *
 * Node's own `server.close()` destroys idle keep-alive connections at once, racing requests
 * already sent on them (a request in the kernel's buffer was reset, one on the wire met a closed
 * socket); {@link DrainableServer} leaves them to the drain.
 */
import { type IncomingMessage, Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long an idle connection is kept open after its last answer once shutdown has begun. */
export const IDLE_LINGER_MS = 250;

/** The longest a shutdown waits for requests in progress before resetting their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** `node:http`'s server, whose `close()` leaves idle connections to the drain. */
export class DrainableServer extends Server {
  draining = false;
  override closeIdleConnections(): void {
    if (!this.draining) super.closeIdleConnections();
  }
}

/** The shutdown side of a server. */
export interface Drain {
  /** A request arrived on its connection (every event that answers one calls this first). */
  requestBegan(req: IncomingMessage, res: ServerResponse): void;
  /** A handler started; call the returned function once it has settled (more calls are ignored). */
  handlerStarted(): () => void;
  /** Stops the server as described above; at most `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

interface Connection {
  /** Answers begun and not yet closed. */
  readonly answers: Set<ServerResponse>;
  /** `performance.now()` when the connection last had nothing in progress. */
  idleSince: number;
  idleTimer?: NodeJS.Timeout;
}

/** Tracks `server`'s connections, answers and handlers, and stops it on `close()`. */
export function drainOf(server: DrainableServer): Drain {
  const connections = new Map<Socket, Connection>();
  let handlers = 0;
  let settled: (() => void) | undefined;
  let closing: Promise<void> | undefined;
  const stopping = (): boolean => server.draining;

  /** Closes `socket` once idle for the linger; the poll phase first reads what has arrived. */
  const closeWhenIdle = (socket: Socket, c: Connection): void => {
    clearTimeout(c.idleTimer);
    const wait = Math.max(0, c.idleSince + IDLE_LINGER_MS - performance.now());
    c.idleTimer = setTimeout(
      () =>
        setImmediate(() => {
          if (c.answers.size === 0) socket.destroy();
        }),
      wait,
    );
  };

  server.on("connection", (socket: Socket) => {
    const c: Connection = { answers: new Set(), idleSince: performance.now() };
    connections.set(socket, c);
    socket.once("close", () => {
      clearTimeout(c.idleTimer);
      connections.delete(socket);
    });
  });

  const keepNoLonger = (res: ServerResponse): void => {
    if (!res.headersSent) res.shouldKeepAlive = false;
  };

  return {
    requestBegan(req, res) {
      const socket = req.socket;
      const c = connections.get(socket);
      if (!c) return;
      clearTimeout(c.idleTimer);
      c.answers.add(res);
      if (stopping()) keepNoLonger(res);
      res.once("close", () => {
        c.answers.delete(res);
        if (c.answers.size > 0) return;
        c.idleSince = performance.now();
        // An answer begun before the signal kept the connection open: it is idle now.
        if (stopping() && !socket.destroyed) closeWhenIdle(socket, c);
      });
    },
    handlerStarted() {
      handlers++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        handlers--;
        if (handlers === 0) settled?.();
      };
    },
    close(graceMs = SHUTDOWN_GRACE_MS) {
      if (closing) return closing;
      server.draining = true;
      closing = new Promise<void>((resolve) => {
        let closed = false;
        const finish = (): void => {
          clearTimeout(grace);
          resolve();
        };
        const grace = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
          finish();
        }, graceMs);
        settled = () => {
          if (closed) finish();
        };
        server.close(() => {
          closed = true;
          if (handlers === 0) finish();
        });
        for (const [socket, c] of connections) {
          for (const res of c.answers) keepNoLonger(res);
          if (c.answers.size === 0) closeWhenIdle(socket, c);
        }
      });
      return closing;
    },
  };
}
