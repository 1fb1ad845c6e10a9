/**
 * The run's timestamps follow the target's clock, read from the smoke request's `Date` (RFC 9110
 * §6.6.1): P-AUTH-3.6 judges a timestamp by the server clock, so a runner whose clock is off
 * by more than the 300 s window still gets a fair verdict, and `auth/timestamp-window`'s skews
 * (±200 s accepted, ±400 s refused) are measured from the server's time.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../../src/conformance/index.js";
import { curlLine } from "../../../src/conformance/request/curl.js";
import { buildRequest, sentWithResign } from "../../../src/conformance/request/request-build.js";
import { clockOffsetS } from "../../../src/conformance/run/smoke.js";
import { BUNDLED_WORLD, createServer, loadWorld, memoryStore } from "../../../src/server/index.js";
import { bundledTarget, type Running } from "../helpers.js";
import { startProxy } from "../proxy.js";

/** The server's clock: 1,000 s ahead of this machine's. */
const AHEAD_MS = 1_000_000;

let server: Running;
let proxy: Running;
beforeAll(async () => {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error(JSON.stringify(world.issues));
  const store = memoryStore();
  const s = createServer({ world: world.value, store, clock: () => Date.now() + AHEAD_MS });
  const { url } = await s.listen({ port: 0, host: "127.0.0.1" });
  server = { url, close: () => s.close() };
  // node:http writes Date from the machine's clock: the proxy writes the server's
  proxy = await startProxy(url, (p) => {
    p.headers.date = new Date(Date.now() + AHEAD_MS).toUTCString();
  });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
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
});
