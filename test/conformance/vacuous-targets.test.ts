/**
 * No case passes vacuously: a target that answers `200 {}` (application/json) to every
 * request, or 2 MiB of nesting, must fail every case. Before, `{}` passed 21 cases (5 core)
 * and the nesting 14: `absent` checks under a missing `/entry`, `*` / `[id=…]` over nothing,
 * and writes whose acceptance was judged by the status alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abortText, isRunAbort, runSuite } from "../../src/conformance/index.js";
import { bundledTarget, type Running, startFake } from "./helpers.js";

/** Cases a blanket `200` truly satisfies, with why. */
const EXCEPTIONS: Record<string, string> = {
  // S-7.1-500 / P-ERR-3 only forbid a 500 for a broken query escape; the core spec allows
  // either 200 or 400, and an answer that is not a 500 is exactly what the case proves.
  "errors/no-500-bad-query-escape": "never a 500: any other answer satisfies it",
};

const BODIES = {
  "200 {}": "{}",
  "2 MiB of nesting": "[".repeat(2 * 1024 * 1024),
};

let targets: Record<string, Running>;
beforeAll(async () => {
  targets = {};
  for (const [name, body] of Object.entries(BODIES))
    targets[name] = await startFake((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      });
    });
});
afterAll(async () => {
  for (const t of Object.values(targets)) await t.close();
});

describe("a target that answers the same 200 to everything", () => {
  for (const name of Object.keys(BODIES)) {
    it(`fails every case (${name}), except the listed exceptions`, async () => {
      const running = targets[name] as Running;
      const report = await runSuite({
        target: bundledTarget(running.url),
        concurrency: 16,
        timeoutMs: 20_000,
      });
      if (isRunAbort(report)) throw new Error(abortText(report));
      expect(report.cases.length).toBeGreaterThan(250); // every case was selected and ran
      const passed = report.cases.filter((c) => c.raw === "pass").map((c) => c.id);
      expect(passed.sort()).toEqual(Object.keys(EXCEPTIONS).sort());
    }, 60_000);
  }
});
