import { describe, expect, it } from "vitest";
import { schedule } from "../../../src/conformance/run/scheduler.js";
import type { CaseSpec } from "../../../src/conformance/suite/expand-steps.js";

/** A case whose steps request `paths`. */
const mk = (id: string, paths: string[], exclusive = false): CaseSpec => ({
  id,
  description: "a case",
  statements: ["S-9-VERSION"],
  level: "core",
  ...(exclusive ? { exclusive } : {}),
  steps: paths.map((path) => ({ request: { method: "GET", path }, expect: { status: 200 } })),
});
const APPDATA = "/os/0.8/appdata/{viewer}/@self/@app";
const PEOPLE = "/os/0.8/people/{viewer}/@self";

/** Runs `cases` with tasks of `ms`, recording what ran beside what and in which order. */
async function observe(cases: CaseSpec[], width: number, ms = (_c: CaseSpec) => 5) {
  const running = new Set<string>();
  const beside = new Map<string, Set<string>>(cases.map((c) => [c.id, new Set()]));
  const started: string[] = [];
  let peak = 0;
  const results = await schedule(cases, width, async (c) => {
    started.push(c.id);
    for (const other of running) {
      beside.get(c.id)?.add(other);
      beside.get(other)?.add(c.id);
    }
    running.add(c.id);
    peak = Math.max(peak, running.size);
    await new Promise((r) => setTimeout(r, ms(c)));
    running.delete(c.id);
    return c.id;
  });
  return { results, beside, started, peak };
}

describe("scheduler", () => {
  it("keeps an exclusive case apart from the cases that share a collection with it, results in order", async () => {
    const cases = [
      mk("a/1", [APPDATA]),
      mk("a/2", [APPDATA], true),
      mk("p/1", [PEOPLE]),
      mk("a/3", [PEOPLE, APPDATA]),
      mk("a/4", [APPDATA], true),
      mk("p/2", [PEOPLE]),
      mk("p/3", [PEOPLE]),
    ];
    const { results, beside, peak } = await observe(cases, 3);
    expect(results).toEqual(cases.map((c) => c.id));
    expect(peak).toBe(3);
    for (const ex of ["a/2", "a/4"])
      expect([...(beside.get(ex) ?? [])].every((id) => id.startsWith("p/"))).toBe(true);
  });

  it("runs an exclusive case beside the cases it cannot disturb, as soon as those it would are done", async () => {
    const cases = [
      ...Array.from({ length: 6 }, (_, i) => mk(`p/${i}`, [PEOPLE])),
      mk("a/1", [APPDATA]),
      mk("a/x", [APPDATA], true),
      mk("a/y", [APPDATA], true),
    ];
    const { started, beside } = await observe(cases, 2, (c) => (c.exclusive ? 30 : 5));
    // the shared appdata case first, then the exclusive ones in case order, before most others
    expect(started.indexOf("a/1")).toBe(0);
    expect(started.indexOf("a/x")).toBeLessThan(3);
    expect(started.indexOf("a/x")).toBeLessThan(started.indexOf("a/y"));
    expect(beside.get("a/x")?.has("a/y")).toBe(false);
    expect(beside.get("a/x")?.size).toBeGreaterThan(0);
  });

  it("keeps a case whose path may reach any collection apart from every exclusive case", async () => {
    const cases = [
      mk("x/1", ["/os/0.8/%61ppdata/{viewer}/@self/@app"]),
      mk("x/2", ["/os/0.8/people/../appdata/{viewer}/@self/@app"]),
      mk("a/x", [APPDATA], true),
      mk("m/x", ["/os/0.8/mediaitems/{viewer}"], true),
    ];
    const { beside } = await observe(cases, 4);
    for (const ex of ["a/x", "m/x"]) {
      expect(beside.get(ex)?.has("x/1")).toBe(false);
      expect(beside.get(ex)?.has("x/2")).toBe(false);
    }
    // exclusive cases of different collections may run side by side
    expect(beside.get("a/x")?.has("m/x")).toBe(true);
  });

  it("runs exclusive cases on two users' application data side by side, apart from a read of every user's", async () => {
    const FRIEND = "/os/0.8/appdata/{friend}/@self/@app";
    const FRIENDS = "/os/0.8/appdata/{viewer}/@friends/@app";
    const cases = [
      mk("v/shared", [APPDATA]),
      mk("f/shared", [FRIEND]),
      mk("v/x", [APPDATA], true),
      mk("f/x", [FRIEND], true),
      mk("all/x", [FRIENDS], true),
      mk("all/shared", [FRIENDS]),
    ];
    // f/shared takes longest: v/x starts beside it, f/x after it, beside v/x
    const ms = (c: CaseSpec) => (c.id === "f/shared" ? 40 : c.exclusive ? 30 : 10);
    const { beside } = await observe(cases, 6, ms);
    expect(beside.get("v/x")?.has("f/x")).toBe(true);
    expect(beside.get("v/x")?.has("f/shared")).toBe(true);
    const apart: [string, string][] = [
      ["v/x", "v/shared"],
      ["f/x", "f/shared"],
      ["all/x", "v/x"],
      ["all/x", "f/x"],
      ["all/x", "v/shared"],
      ["all/x", "f/shared"],
      ["all/shared", "v/x"],
      ["all/shared", "f/x"],
    ];
    for (const [a, b] of apart) expect(beside.get(a)?.has(b), `${a} beside ${b}`).toBe(false);
  });

  it("starts the cases of most round trips first in each group, then in case order", async () => {
    const repeated = mk("a/fill", [APPDATA]);
    repeated.steps[0] = {
      ...(repeated.steps[0] as CaseSpec["steps"][0]),
      repeat: 6,
      concurrency: 3,
    };
    const cases = [
      mk("p/1", [PEOPLE]),
      mk("p/3", [PEOPLE, PEOPLE, PEOPLE]),
      mk("p/2", [PEOPLE, PEOPLE]),
      mk("a/1", [APPDATA]),
      repeated,
      mk("a/x", [APPDATA], true),
    ];
    const { started } = await observe(cases, 1);
    expect(started).toEqual(["a/fill", "a/1", "a/x", "p/3", "p/2", "p/1"]);
  });

  it("stops starting cases once told to", async () => {
    const cases = Array.from({ length: 10 }, (_, i) => mk(`a/${i}`, [PEOPLE]));
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

  it("passes on a task's error", async () => {
    await expect(
      schedule([mk("a/1", [PEOPLE])], 2, async () => {
        throw new Error("bug");
      }),
    ).rejects.toThrow("bug");
  });
});
