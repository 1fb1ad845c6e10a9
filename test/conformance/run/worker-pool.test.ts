/** The one worker pool (cases in the scheduler, runs in the mutation and fuzz scripts). */
import { describe, expect, it } from "vitest";
import { pool } from "../../../src/conformance/run/worker-pool.js";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("pool", () => {
  it("keeps the items' order and never runs more than `width` at once", async () => {
    let running = 0;
    let most = 0;
    const out = await pool([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      for (let i = 0; i < n; i++) await tick();
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
  it("starts nothing more once shouldStop turns true", async () => {
    const started: number[] = [];
    const out = await pool(
      [1, 2, 3, 4],
      1,
      async (n) => {
        started.push(n);
        return n;
      },
      () => started.length >= 2,
    );
    expect(started).toEqual([1, 2]);
    expect(out.slice(0, 2)).toEqual([1, 2]);
    expect(out[2]).toBeUndefined();
  });
});
