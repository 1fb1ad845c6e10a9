/**
 * The bounded turns of the HTTP adapter: requests start in arrival order, and a
 * long queue yields to the event loop after its time budget, so that I/O (a new connection)
 * gets in between turns instead of waiting for the whole queue.
 */
import { describe, expect, it } from "vitest";
import { boundedTurns } from "../../../src/server/http/turns.js";

function burn(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("boundedTurns", () => {
  it("runs every job once, in arrival order, jobs added while draining included", async () => {
    const turns = boundedTurns(5);
    const seen: number[] = [];
    for (let i = 0; i < 100; i++)
      turns.run(() => {
        seen.push(i);
        if (i === 50) turns.run(() => seen.push(100));
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([...Array.from({ length: 100 }, (_, i) => i), 100]);
  });

  it("yields to the event loop after its budget: a timer set mid-queue runs long before the queue ends", async () => {
    const turns = boundedTurns(5);
    const order: string[] = [];
    // 200 jobs of 0.5 ms: 100 ms of work, at most ~5 ms a turn. The timer is set by the first
    // job, inside the first turn (set before the queue started, Node may run a 0 ms timer before
    // the first immediate on a loaded machine: a clean-clone CI run saw it at index 0).
    for (let i = 0; i < 200; i++)
      turns.run(() => {
        if (i === 0) setTimeout(() => order.push("timer"), 0);
        burn(0.5);
        order.push("job");
      });
    // 100 ms of work takes longer on a loaded machine: wait for the queue to end (up to 10 s).
    const jobs = () => order.filter((x) => x === "job").length;
    for (let waited = 0; jobs() < 200 && waited < 10_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    const at = order.indexOf("timer");
    expect(jobs()).toBe(200);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(60);
  });

  it("a job that throws does not stop the queue (issue found by CI: a job queued from a job left a drain with nothing to run)", async () => {
    const turns = boundedTurns(5);
    const seen: number[] = [];
    const errors: unknown[] = [];
    const onError = (e: unknown): void => {
      errors.push(e);
    };
    process.prependListener("uncaughtException", onError);
    try {
      turns.run(() => {
        seen.push(1);
        throw new Error("job failed");
      });
      turns.run(() => seen.push(2));
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off("uncaughtException", onError);
    }
    expect(seen).toEqual([1, 2]);
    expect(errors).toHaveLength(1);
  });

  it("starts at least one job a turn even when one job outlasts the budget", async () => {
    const turns = boundedTurns(1);
    let done = 0;
    for (let i = 0; i < 3; i++)
      turns.run(() => {
        burn(3);
        done++;
      });
    await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(3);
  });

  it("after a connection was accepted, one turn runs on the short budget, then the full budget returns", async () => {
    const turns = boundedTurns(20, 1);
    const perTurn: number[] = [];
    let inTurn = 0;
    // A turn ends with the drain; an immediate queued after it marks the end of each turn.
    const mark = (): void => {
      perTurn.push(inTurn);
      inTurn = 0;
      if (perTurn.length < 3) setImmediate(mark);
    };
    for (let i = 0; i < 200; i++)
      turns.run(() => {
        burn(0.5);
        inTurn++;
      });
    turns.connectionAccepted();
    setImmediate(mark);
    await new Promise((r) => setTimeout(r, 300));
    const [arriving = 0, full = 0] = perTurn;
    // 1 ms of 0.5 ms jobs: 2 or 3 jobs (one more may start before the clock is read again).
    expect(arriving).toBeGreaterThanOrEqual(1);
    expect(arriving).toBeLessThanOrEqual(4);
    // 20 ms of them: up to 41; well above the short turn even on a loaded machine.
    expect(full).toBeGreaterThanOrEqual(8);
  });
});
