/**
 * The run's timestamps follow the target's clock, read from the smoke request's `Date` (RFC 9110
 * §6.6.1): P-AUTH-3.6 judges a timestamp by the server clock, so a runner whose clock is off
 * by more than the 300 s window still gets a fair verdict, and `auth/timestamp-window`'s skews
 * (±200 s accepted, ±400 s refused) are measured from the server's time. The fuzzer and the
 * differential run (both modes) sign by each target's clock likewise.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDiff } from "../../../src/conformance/diff/index.js";
import { fuzzSmoke, loadFuzzWorld, runFuzz } from "../../../src/conformance/fuzz/index.js";
import { isRunAbort, runSuite } from "../../../src/conformance/index.js";
import { curlLine } from "../../../src/conformance/request/curl.js";
import { buildRequest, sentWithResign } from "../../../src/conformance/request/request-build.js";
import { clockOffsetS } from "../../../src/conformance/request/target-clock.js";
import { bundledTarget, type Running, startReference } from "../helpers.js";
import { startServerAhead } from "../server-ahead.js";

/** The server's clock: 1,000 s ahead of this machine's. */
const AHEAD_MS = 1_000_000;

let ahead: Awaited<ReturnType<typeof startServerAhead>>;
let server: Running;
let proxy: Running;
let inSync: Running;
beforeAll(async () => {
  ahead = await startServerAhead(AHEAD_MS);
  server = ahead.server;
  proxy = ahead;
  inSync = await startReference();
});
afterAll(async () => {
  await ahead.close();
  await inSync.close();
});

describe("the target's clock", () => {
  it("clockOffsetS reads Date to the second, and ignores 2 s of jitter or no Date", () => {
    const now = Date.parse("2026-11-28T03:00:00Z");
    expect(clockOffsetS("Sat, 28 Nov 2026 03:16:40 GMT", now)).toBe(1000);
    expect(clockOffsetS("Sat, 28 Nov 2026 02:50:00 GMT", now)).toBe(-600);
    expect(clockOffsetS("Sat, 28 Nov 2026 03:00:02 GMT", now)).toBe(0);
    expect(clockOffsetS(undefined, now)).toBe(0);
    expect(clockOffsetS("not a date", now)).toBe(0);
  });

  it("a server 1,000 s ahead passes the signed cases and the timestamp window, judged by its clock", async () => {
    const r = await runSuite({
      target: bundledTarget(proxy.url),
      grep: /^auth\/(timestamp-window|stale-timestamp-400|error-no-echo)$|^people\/self$/,
    });
    if (isRunAbort(r)) throw new Error(`run aborted: ${JSON.stringify(r)}`);
    expect(r.cases.map((c) => [c.id, c.outcome])).toEqual(r.cases.map((c) => [c.id, "pass"]));
    expect(r.cases.length).toBeGreaterThanOrEqual(3);
  });

  it("a failing step's curl line signs afresh by the target's clock: run by /bin/sh, it gets 200", async () => {
    const t = bundledTarget(server.url);
    const offsetS = AHEAD_MS / 1000;
    const built = buildRequest(
      { method: "GET", path: "/os/0.8/people/@me/@self" },
      { users: t.users, namespace: "example.org", unique: "clock", captures: new Map() },
      {
        origin: server.url,
        apps: t.apps,
        // as runSuite sets them once the smoke request has read the target's Date
        now: () => Math.floor(Date.now() / 1000) + offsetS,
        clockOffsetS: () => offsetS,
      },
    );
    if (!built.ok) throw new Error(built.problem.code);
    const sent = sentWithResign(built.value);
    expect(sent.resign?.offsetS).toBe(offsetS);
    const { stdout } = await promisify(execFile)("/bin/sh", ["-c", curlLine(sent)], {
      env: { ...process.env, OSK_CONSUMER_SECRET: t.apps.main.consumerSecret },
    });
    expect(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]).toBe("200");
  });

  it("the fuzzer reads the target's clock in its smoke request and signs every request by it", async () => {
    const target = bundledTarget(proxy.url);
    const world = loadFuzzWorld(target);
    if (!world.ok) throw new Error(JSON.stringify(world.issues));
    // by this machine's clock the target refuses the read (P-AUTH-3.6): the smoke request then
    // signs again by the clock the answer's Date shows
    const clock = { offsetS: 0 };
    expect(await fuzzSmoke(target, world.value, clock)).toBeUndefined();
    expect(Math.abs(clock.offsetS - AHEAD_MS / 1000)).toBeLessThanOrEqual(2);
    const r = await runFuzz({
      target,
      world: world.value,
      level: "profile",
      steps: 120,
      timeMs: 30_000,
      seed: 3,
      clock,
    });
    expect(r.failure).toBeUndefined();
    expect(r.steps).toBe(120);
  }, 40_000);

  it("the differential run signs each target by its own clock, in suite and fuzz modes", async () => {
    for (const mode of [{ grep: /^(people|auth)\// }, { fuzzSeed: 5, fuzzSteps: 80 }]) {
      const r = await runDiff({
        a: bundledTarget(inSync.url),
        b: bundledTarget(proxy.url),
        ...mode,
      });
      if ("abort" in r) throw new Error(`diff aborted: ${JSON.stringify(r)}`);
      expect(r.compared).toBeGreaterThan(50);
      expect(r.differences.map((d) => d.source)).toEqual([]);
    }
  }, 60_000);
});
