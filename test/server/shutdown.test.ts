/**
 * Graceful shutdown of `opensocial-kit serve`, from outside, on SQLite and on PostgreSQL: N
 * keep-alive clients write signed POSTs (one at a time, or three pipelined), a load balancer's
 * health check polls `/healthz`, and the process gets a real SIGTERM (or SIGINT to its process
 * group, as Ctrl-C in a terminal). Then every write sent before the signal has its complete
 * answer, no connection is reset or closed under a request, every 200 is stored, each
 * connection's last answer says `Connection: close` and a new connection is refused (the
 * instance has left), `/healthz` answers 503 from the signal on, and the process exits long
 * before the 10 s grace.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDLE_LINGER_MS } from "../../src/server/http/drain.js";
import { openStore } from "../../src/server/index.js";
import { opened, tempDir } from "./harness.js";
import { keepAliveClient } from "./keep-alive-client.js";
import { type PgCluster, startCluster } from "./pg-cluster.js";
import { serve } from "./serve-child.js";
import { exchanges, type ShutdownRun, shutdownUnderLoad, WRITER } from "./shutdown-load.js";

/**
 * Exit after the signal under load: a write's answer and the store's close, far below the 10 s
 * grace (which is what an undrained keep-alive connection costs), generous for a loaded CI.
 */
const EXIT_UNDER_LOAD_MS = 4000;

const tmp = tempDir();
let cluster: PgCluster | undefined;
beforeAll(() => {
  cluster = startCluster();
}, 90_000);
afterAll(() => {
  cluster?.remove();
  tmp.remove();
});

let runs = 0;
const STORES = {
  sqlite: async () => join(tmp.dir, `run${runs++}`, "appdata.sqlite"),
  postgres: async () => (cluster as PgCluster).createDatabase(),
} as const;

async function storedKeys(data: string): Promise<Set<string>> {
  const store = opened(openStore(data));
  try {
    return new Set((await store.read("quiz", WRITER)).keys());
  } finally {
    await store.close();
  }
}

/** One line of figures per run, for the report. */
function figures(name: string, run: ShutdownRun): void {
  const all = exchanges(run.writers);
  const before = all.filter((e) => e.sentAt < run.signalAt).length;
  const failed = [...all, ...run.health.exchanges].filter(
    (e) => e.error && e.error !== "not taken",
  ).length;
  const notTaken = all.filter((e) => e.error === "not taken").length;
  console.log(
    `${name}: exit ${run.exitMs.toFixed(0)} ms after the signal; ${before} writes sent before it, ${all.length - before} after; ${failed} reset or closed without an answer; ${notTaken} pipelined behind the last answer, not taken`,
  );
}

function judge(run: ShutdownRun, stored: Set<string>): void {
  // A write pipelined behind the answer that closed its connection was not taken: its client
  // must send it again, so it must not have been stored (RFC 9112 §9.6). Only a write sent
  // after the signal can be one.
  const notTaken = exchanges(run.writers).filter((e) => e.error === "not taken");
  expect(notTaken.filter((e) => stored.has(e.label)).map((e) => e.label)).toEqual([]);
  expect(notTaken.filter((e) => e.sentAt < run.signalAt).map((e) => e.label)).toEqual([]);
  const all = exchanges(run.writers).filter((e) => e.error !== "not taken");
  // No request, before or after the signal, ends in a reset or a close without its answer.
  expect(
    [...all, ...run.health.exchanges].filter((e) => e.error).map((e) => `${e.label}: ${e.error}`),
  ).toEqual([]);
  // Every write sent before the signal has its complete answer, a 200 (as do those after).
  expect(all.filter((e) => e.answer?.status !== 200).map((e) => e.label)).toEqual([]);
  // Every 200 is stored.
  expect(all.filter((e) => !stored.has(e.label)).map((e) => e.label)).toEqual([]);
  // Each connection ends with `Connection: close`; a new connection is refused.
  for (const w of run.writers) {
    expect(w.closedIdle).toBe(false);
    expect(w.exchanges.filter((e) => e.answer).at(-1)?.answer?.close).toBe(true);
    expect(w.exchanges.filter((e) => e.answer?.close).length).toBe(1);
    expect(w.reconnect).toBe("refused");
  }
  // /healthz: 200 until the signal, then one 503 with `Connection: close`, then refused.
  const health = run.health.exchanges.map((e) => e.answer?.status);
  expect(health.join(",")).toMatch(/^(200,)+503$/);
  expect(run.health.exchanges.at(-1)?.answer?.close).toBe(true);
  expect(run.health.reconnect).toBe("refused");
  // From the signal on: a probe sent after any write was answered with `Connection: close`
  // (the server was stopping by then) is a 503.
  const stopping = Math.min(...all.filter((e) => e.answer?.close).map((e) => e.answer?.at ?? 0));
  expect(
    run.health.exchanges.filter((e) => e.sentAt > stopping && e.answer?.status !== 503),
  ).toEqual([]);
  expect(run.exitCode).toBe(0);
  expect(run.out).toContain("stopped");
  expect(run.exitMs).toBeLessThan(EXIT_UNDER_LOAD_MS);
}

describe.each(Object.keys(STORES) as (keyof typeof STORES)[])("shutdown on %s", (store) => {
  it.each([
    [4, "SIGTERM", 1],
    [16, "SIGTERM", 1],
    [4, "SIGINT", 1],
    [16, "SIGTERM", 3],
  ] as const)(
    "%i keep-alive writers, %s, %i in flight each: every write answered and stored, no reset, prompt exit",
    async (clients, signal, depth) => {
      const data = await STORES[store]();
      const run = await shutdownUnderLoad({ data, clients, signal, depth });
      figures(`${store} ${clients} ${signal} depth ${depth}`, run);
      judge(run, await storedKeys(data));
    },
    60_000,
  );

  it("with nothing held (a keep-alive connection just answered, now idle), exits within the linger", async () => {
    const data = await STORES[store]();
    const s = serve(["--port", "0", "--data", data]);
    const url = await s.listening();
    let sent = 0;
    const idle = keepAliveClient(
      url,
      () =>
        sent++ === 0
          ? {
              label: "healthz",
              bytes: Buffer.from(`GET /healthz HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`),
            }
          : undefined, // the client keeps its connection open, sending nothing more
    );
    while (!idle.record.exchanges[0]?.answer) await new Promise((r) => setTimeout(r, 5));
    const t0 = performance.now();
    s.child.kill("SIGTERM");
    expect(await s.exit).toBe(0);
    const ms = performance.now() - t0;
    console.log(`${store} idle: exit ${ms.toFixed(0)} ms after SIGTERM`);
    // The connection lingers at most IDLE_LINGER_MS, then the store closes and the process ends.
    expect(ms).toBeLessThan(IDLE_LINGER_MS + 1500);
    await idle.done;
    expect(idle.record.exchanges.map((e) => e.answer?.status)).toEqual([200]);
    expect(idle.record.closedIdle).toBe(true);
  }, 30_000);
});
