import { describe, expect, it } from "vitest";
import { schedule } from "../../../src/conformance/run/scheduler.js";
import type { CaseSpec } from "../../../src/conformance/suite/expand-steps.js";

const mk = (id: string, exclusive = false): CaseSpec => ({
  id,
  description: "a case",
  statements: ["S-9-VERSION"],
  level: "core",
  ...(exclusive ? { exclusive } : {}),
  steps: [],
});

describe("scheduler", () => {
  it("runs shared cases concurrently up to the limit, exclusive cases alone, results in order", async () => {
    const cases = [mk("a/1"), mk("a/2", true), mk("a/3"), mk("a/4"), mk("a/5", true), mk("a/6")];
    let running = 0;
    let peak = 0;
    const alone: Record<string, number> = {};
    const results = await schedule(cases, 3, async (c) => {
      running++;
      peak = Math.max(peak, running);
      if (c.exclusive) alone[c.id] = running;
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return c.id;
    });
    expect(results).toEqual(cases.map((c) => c.id));
    expect(peak).toBe(3);
    expect(alone).toEqual({ "a/2": 1, "a/5": 1 });
  });

  it("stops starting cases once told to", async () => {
    const cases = Array.from({ length: 10 }, (_, i) => mk(`a/${i}`));
    let started = 0;
    const results = await schedule(
      cases,
      1,
      async () => {
        started++;
        return started;
      },
      () => started >= 3,
    );
    expect(started).toBe(3);
    expect(results.filter((r) => r !== undefined)).toHaveLength(3);
  });
});
