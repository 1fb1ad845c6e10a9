/**
 * Shutdown under load, driven from outside: `opensocial-kit serve` in a child process, N
 * keep-alive clients writing signed POSTs (one at a time, or pipelined) and one probing
 * `/healthz`, then a real signal (SIGTERM,
 * or SIGINT to the process group as a terminal's Ctrl-C), and a record of everything each client
 * saw, for shutdown.test.ts to judge.
 */
import { signRequest } from "../../src/oauth/index.js";
import { APPS } from "./harness.js";
import { type ClientRecord, type Exchange, keepAliveClient } from "./keep-alive-client.js";
import { serve } from "./serve-child.js";

const SELF = "/os/0.8/appdata/@me/@self/@app";
/** The user every write goes to. */
export const WRITER = "example.org:alice";

/** The bytes of a signed POST setting `key`. */
function signedWrite(url: string, key: string): Buffer {
  const body = JSON.stringify({ [key]: "v" });
  const signed = signRequest({
    method: "POST",
    url: url + SELF,
    ...APPS.quiz,
    requestorId: WRITER,
  });
  const u = new URL(signed.url);
  return Buffer.from(
    `POST ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: ${signed.headers.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function healthProbe(url: string): Buffer {
  return Buffer.from(`GET /healthz HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`);
}

/** What one run saw. */
export interface ShutdownRun {
  writers: ClientRecord[];
  health: ClientRecord;
  /** `performance.now()` just before the signal was sent. */
  signalAt: number;
  /** Milliseconds from the signal to the process's exit. */
  exitMs: number;
  exitCode: number | null;
  out: string;
  err: string;
}

/** Every exchange of `clients`, in one list. */
export function exchanges(clients: readonly ClientRecord[]): Exchange[] {
  return clients.flatMap((c) => c.exchanges);
}

/**
 * Starts `serve` on `data`, runs `clients` writers until each has had a few answers (and at
 * least `loadMs`), sends `signal`, and waits for every client and for the exit.
 */
export async function shutdownUnderLoad(opts: {
  data: string;
  clients: number;
  signal: "SIGTERM" | "SIGINT";
  /** Writes each client keeps in flight, pipelined (default 1). */
  depth?: number;
  loadMs?: number;
}): Promise<ShutdownRun> {
  const s = serve(["--port", "0", "--data", opts.data], { detached: opts.signal === "SIGINT" });
  const url = await s.listening();
  const counts = Array.from({ length: opts.clients }, () => 0);
  const writers = counts.map((_, c) =>
    keepAliveClient(
      url,
      () => {
        const key = `c${c}_${counts[c]}`;
        counts[c] = (counts[c] ?? 0) + 1;
        return { label: key, bytes: signedWrite(url, key) };
      },
      { depth: opts.depth ?? 1 },
    ),
  );
  // A load balancer's health check: one keep-alive connection, a probe every 20 ms.
  const health = keepAliveClient(url, () => ({ label: "healthz", bytes: healthProbe(url) }), {
    pauseMs: 20,
  });
  const t0 = performance.now();
  const answered = () =>
    Math.min(...writers.map((w) => w.record.exchanges.filter((e) => e.answer).length));
  while (performance.now() - t0 < (opts.loadMs ?? 800) || answered() < 5) {
    if (performance.now() - t0 > 30_000) throw new Error("the writers got no answers");
    await new Promise((r) => setTimeout(r, 20));
  }
  const signalAt = performance.now();
  const exited = s.exit.then((code) => ({ code, at: performance.now() }));
  // Ctrl-C in a terminal signals the whole foreground process group.
  if (opts.signal === "SIGINT") process.kill(-(s.child.pid as number), "SIGINT");
  else s.child.kill("SIGTERM");
  const exit = await exited;
  await Promise.all([...writers.map((w) => w.done), health.done]);
  const { out, err } = s.output();
  return {
    writers: writers.map((w) => w.record),
    health: health.record,
    signalAt,
    exitMs: exit.at - signalAt,
    exitCode: exit.code,
    out,
    err,
  };
}
