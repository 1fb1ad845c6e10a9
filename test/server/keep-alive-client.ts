/**
 * A keep-alive HTTP/1.1 client on a raw socket, for the shutdown tests: it sends one request at
 * a time on one connection (as a load balancer or a pooled client does, never pipelining),
 * records when each request's bytes were written and what came back, and tells apart a complete
 * answer, a reset (ECONNRESET, EPIPE) and a connection closed before the answer was complete.
 * After an answer with `Connection: close` it opens one new connection, to see whether the
 * server still accepts (a load balancer must see a stopping instance leave).
 */
import { connect, type Socket } from "node:net";

/** One request and what became of it. */
export interface Exchange {
  /** What the caller named it (the key a write sets, "healthz"). */
  readonly label: string;
  /** `performance.now()` when its bytes were written to the socket. */
  readonly sentAt: number;
  /** The complete answer. */
  answer?: { status: number; close: boolean; body: string; at: number };
  /** Why no complete answer came: a socket error code, or `closed` (FIN before the end). */
  error?: string;
}

/** A client's record. */
export interface ClientRecord {
  readonly exchanges: Exchange[];
  /** After a `Connection: close` answer: `refused`, or `accepted` when a new connection got in. */
  reconnect?: "refused" | "accepted" | string;
  /** The server closed the connection while no request was outstanding. */
  closedIdle: boolean;
}

/** The next request to send: its label and bytes, or `undefined` to keep the connection idle. */
export type NextRequest = () => { label: string; bytes: Buffer } | undefined;

interface Head {
  status: number;
  close: boolean;
  length: number;
  headerEnd: number;
}

function parseHead(buf: Buffer): Head | undefined | string {
  const end = buf.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const lines = buf.toString("latin1", 0, end).split("\r\n");
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(lines[0] ?? "");
  if (!status) return `bad status line ${JSON.stringify(lines[0]?.slice(0, 40))}`;
  let length: number | undefined;
  let close = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-length") length = Number(value);
    if (name === "connection")
      close = value
        .toLowerCase()
        .split(/\s*,\s*/)
        .includes("close");
  }
  if (length === undefined) return "no content-length";
  return { status: Number(status[1]), close, length, headerEnd: end + 4 };
}

/** How a client sends. */
export interface ClientPace {
  /** Milliseconds between an answer and the next request (default 0: at once). */
  pauseMs?: number;
  /** Requests kept in flight, pipelined (default 1: one at a time). */
  depth?: number;
}

/**
 * Opens a connection to `url` and sends what `next` gives, `depth` at a time (after `pauseMs`),
 * until the connection ends; `done` resolves then.
 */
export function keepAliveClient(
  url: string,
  next: NextRequest,
  pace: ClientPace = {},
): { record: ClientRecord; done: Promise<void> } {
  const { hostname, port } = new URL(url);
  const record: ClientRecord = { exchanges: [], closedIdle: false };
  const done = new Promise<void>((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    socket.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    /** Requests sent and not yet answered, oldest first. */
    const outstanding: Exchange[] = [];
    let finished = false;
    const fail = (why: string): void => {
      for (const e of outstanding) e.error ??= why;
    };
    const finish = (): void => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve();
    };
    const reconnectThenFinish = (): void => {
      finished = true;
      const probe = connect(Number(port), hostname);
      probe.once("connect", () => {
        record.reconnect = "accepted";
        probe.destroy();
        resolve();
      });
      probe.once("error", (e: NodeJS.ErrnoException) => {
        record.reconnect = e.code === "ECONNREFUSED" ? "refused" : (e.code ?? e.message);
        resolve();
      });
    };
    const send = (): void => {
      const r = next();
      if (!r) return; // idle until the server closes the connection
      const e: Exchange = { label: r.label, sentAt: performance.now() };
      outstanding.push(e);
      record.exchanges.push(e);
      socket.write(r.bytes);
    };
    const sendLater = (): void => {
      if (pace.pauseMs) setTimeout(() => !finished && send(), pace.pauseMs);
      else send();
    };
    socket.once("connect", () => {
      for (let i = 0; i < (pace.depth ?? 1); i++) send();
    });
    socket.on("data", (d: Buffer) => {
      buf = buf.length === 0 ? d : Buffer.concat([buf, d]);
      for (;;) {
        const head = parseHead(buf);
        if (head === undefined) return;
        const first = outstanding[0];
        if (typeof head === "string" || !first) {
          if (first) first.error = typeof head === "string" ? head : "unasked answer";
          fail("closed");
          return finish();
        }
        if (buf.length < head.headerEnd + head.length) return;
        const body = buf.toString("utf8", head.headerEnd, head.headerEnd + head.length);
        buf = buf.subarray(head.headerEnd + head.length);
        first.answer = { status: head.status, close: head.close, body, at: performance.now() };
        outstanding.shift();
        if (head.close) {
          // Requests pipelined behind a closing answer were not taken (RFC 9112 §9.6).
          fail("not taken");
          socket.destroy();
          return reconnectThenFinish();
        }
        sendLater();
      }
    });
    // A write refused (EPIPE: the server closed after its last answer) does not stop the
    // reading: answers already received are still read, as a real client does.
    let socketError: string | undefined;
    socket.on("error", (e: NodeJS.ErrnoException) => {
      socketError ??= e.code ?? e.message;
    });
    socket.on("close", () => {
      if (finished) return;
      if (outstanding.length > 0) fail(socketError ?? "closed");
      else record.closedIdle = true;
      finish();
    });
  });
  return { record, done };
}
