/**
 * Graceful shutdown of the `node:http` server. From `close()` on:
 * - the listening socket is closed: a new connection is refused, so a load balancer sees the
 *   instance leave at once;
 * - each connection's latest answer still to be written says `Connection: close`, or, when
 *   there is none, the next request's answer does (requests read with it in the same turn,
 *   pipelined, move the mark to the latest): a keep-alive connection carries at most one more
 *   request, or one more read of pipelined requests, each answered in full, not reset;
 * - a request pipelined behind an answer that closes the connection (the drain's, a 414, one
 *   the client asked to close) is not handled, at any time: it will never be answered and its
 *   client must send it again (RFC 9112 §9.6), so nothing is done that is not answered;
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
 *
 * After any answer that closes its connection, the connection is half-closed and still read
 * (what arrives is dropped) until the client closes it or {@link CLOSE_LINGER_MS} pass (RFC 9112
 * §9.6). Node closes it at once: a request the client had pipelined meanwhile then meets a
 * closed socket, the client's next write fails (EPIPE) and the client drops the connection with
 * the last answer still unread in its buffer, though that answer's write was stored.
 */
import { type IncomingMessage, Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long an idle connection is kept open after its last answer once shutdown has begun. */
export const IDLE_LINGER_MS = 250;

/** How long a connection is still read after its last answer, for its client to close it. */
const CLOSE_LINGER_MS = 1000;

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
interface Drain {
  /**
   * A request arrived on its connection (every event that answers one calls this first). False
   * when it is not to be handled: it came behind an answer that closes the connection.
   */
  requestBegan(req: IncomingMessage, res: ServerResponse): boolean;
  /** A handler started; call the returned function once it has settled (more calls are ignored). */
  handlerStarted(): () => void;
  /** Stops the server as described above; at most `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

interface Connection {
  /**
   * Answers begun and not yet closed, in the order of their requests. An array, not a Set:
   * in a CPU profile of GET people under load, deleting each answer from a Set took about 1 µs
   * a request (a Set of one, emptied at every answer); the array takes a few ns.
   */
  readonly answers: ServerResponse[];
  /** The answer the drain made the connection's last (`Connection: close`). */
  last?: ServerResponse;
  /** The drain's mark is final (from the turn after it was made): no later request is taken. */
  settled: boolean;
  /** An answer that closes the connection of its own accord (a 414, the client's asking). */
  ended: boolean;
  /** `performance.now()` when the connection last had nothing in progress. */
  idleSince: number;
  idleTimer?: NodeJS.Timeout;
}

/** True when `res` ends its connection (`Connection: close` written or to be written). */
const endsConnection = (res: ServerResponse): boolean => !res.shouldKeepAlive;

/** Removes `res` from `answers` (most often the only one). */
function removeAnswer(answers: ServerResponse[], res: ServerResponse): void {
  const i = answers.indexOf(res);
  if (i < 0) return;
  if (i === answers.length - 1) answers.pop();
  else answers.splice(i, 1);
}

/**
 * Ends `socket` after its last answer (Node calls `destroySoon()` for that): a half-close, then
 * reading until the client closes, at most {@link CLOSE_LINGER_MS}.
 */
function lingeringClose(socket: Socket): void {
  if (socket.writable) socket.end();
  const timer = setTimeout(() => socket.destroy(), CLOSE_LINGER_MS);
  socket.once("close", () => clearTimeout(timer));
}

/** Tracks `server`'s connections, answers and handlers, and stops it on `close()`. */
export function drainOf(server: DrainableServer): Drain {
  const connections = new Map<Socket, Connection>();
  let handlers = 0;
  let handlersSettled: (() => void) | undefined;
  let stopped: Promise<void> | undefined;
  const stopping = (): boolean => server.draining;

  /** Closes `socket` once idle for the linger; the poll phase first reads what has arrived. */
  const closeWhenIdle = (socket: Socket, c: Connection): void => {
    clearTimeout(c.idleTimer);
    const wait = Math.max(0, c.idleSince + IDLE_LINGER_MS - performance.now());
    c.idleTimer = setTimeout(
      () =>
        setImmediate(() => {
          if (c.answers.length === 0) socket.destroy();
        }),
      wait,
    );
  };

  /**
   * Makes `res` (the connection's latest answer, its head still to be written) the last. Until
   * the turn ends, a request read with it (pipelined, already in the same read) takes the mark
   * over; from the next turn on the mark is final.
   */
  const endWith = (c: Connection, res: ServerResponse): void => {
    if (endsConnection(res)) {
      c.ended = true;
      return;
    }
    if (c.last && !c.last.headersSent) c.last.shouldKeepAlive = true;
    res.shouldKeepAlive = false;
    if (!c.last)
      setImmediate(() => {
        c.settled = true;
      });
    c.last = res;
  };

  /** True when a request begun now on `c` would come after the answer that closes it. */
  const behindLast = (c: Connection): boolean => {
    for (const earlier of c.answers)
      if (earlier !== c.last && endsConnection(earlier)) c.ended = true;
    return c.ended || (c.last !== undefined && (c.settled || c.last.headersSent));
  };

  server.on("connection", (socket: Socket) => {
    const c: Connection = {
      answers: [],
      settled: false,
      ended: false,
      idleSince: performance.now(),
    };
    connections.set(socket, c);
    socket.destroySoon = () => lingeringClose(socket);
    socket.once("close", () => {
      clearTimeout(c.idleTimer);
      connections.delete(socket);
    });
  });

  return {
    requestBegan(req, res) {
      const socket = req.socket;
      const c = connections.get(socket);
      if (!c) return true;
      if (behindLast(c)) return false;
      clearTimeout(c.idleTimer);
      c.answers.push(res);
      if (stopping()) endWith(c, res);
      res.once("close", () => {
        removeAnswer(c.answers, res);
        if (endsConnection(res)) c.ended = true;
        if (c.answers.length > 0) return;
        c.idleSince = performance.now();
        // An answer begun before the signal kept the connection open: it is idle now.
        if (stopping() && !c.ended && !socket.destroyed) closeWhenIdle(socket, c);
      });
      return true;
    },
    handlerStarted() {
      handlers++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        handlers--;
        if (handlers === 0) handlersSettled?.();
      };
    },
    close(graceMs = SHUTDOWN_GRACE_MS) {
      if (stopped) return stopped;
      server.draining = true;
      stopped = new Promise<void>((resolve) => {
        let closed = false;
        const finish = (): void => {
          clearTimeout(grace);
          resolve();
        };
        const grace = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
          finish();
        }, graceMs);
        handlersSettled = () => {
          if (closed) finish();
        };
        server.close(() => {
          closed = true;
          if (handlers === 0) finish();
        });
        for (const [socket, c] of connections) {
          const latest = c.answers.at(-1);
          // A latest answer already under way (head written) leaves the mark to the next one.
          if (latest && !latest.headersSent) endWith(c, latest);
          else if (!latest) closeWhenIdle(socket, c);
        }
      });
      return stopped;
    },
  };
}
