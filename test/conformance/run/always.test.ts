/**
 * Steps marked `always` (clean-up, restoring saved data) run after a failed step even when
 * other steps stand between the failure and them: those are skipped, the clean-up is not. A
 * failed record case that left its 10,000 keys behind made the next exclusive case fail.
 *
 * The same run shows which steps' requests carry the recipe a curl line signs afresh with
 * (`request.resign`): the failing ones, whose line is shown. Kept for every step, it cost a
 * second base string and header a request and was a quarter of a whole run's JSON report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseSpec } from "../../../src/conformance/index.js";
import { runCase } from "../../../src/conformance/run/run-case.js";
import { caseEnv, type Running, startFake } from "../helpers.js";

let fake: Running;
const seen: string[] = [];
beforeAll(async () => {
  fake = await startFake((req, res) => {
    seen.push(`${req.method} ${new URL(req.url ?? "/", "http://x").searchParams.get("n")}`);
    req.resume();
    req.on("end", () => {
      res.writeHead(req.method === "POST" ? 500 : 200, { "content-length": "0" });
      res.end();
    });
  });
});
afterAll(() => fake.close());

const step = (method: string, n: string, always?: true) => ({
  name: n,
  request: { method, path: "/os/0.8/appdata/@me/@self/@app", query: { n } },
  expect: { status: 200 },
  ...(always ? { always } : {}),
});

const c: CaseSpec = {
  id: "x/always",
  description: "always",
  statements: ["P-DATA-7"],
  level: "profile",
  steps: [
    step("GET", "before"),
    step("POST", "fails"),
    step("GET", "skipped"),
    step("DELETE", "clean-up", true),
    step("GET", "skipped-too"),
    step("GET", "restore", true),
  ],
};

describe("always steps", () => {
  it("run after a failure, past the steps between, which are skipped", async () => {
    seen.length = 0;
    const e = caseEnv(fake.url);
    const r = await runCase(c, e);
    await e.client.close();
    expect(r.raw).toBe("fail");
    expect(seen).toEqual(["GET before", "POST fails", "DELETE clean-up", "GET restore"]);
    expect(r.steps.map((s) => s.name)).toEqual(["before", "fails", "clean-up", "restore"]);
  });

  it("give the recipe for signing afresh to the failing step's request only", async () => {
    const e = caseEnv(fake.url);
    const r = await runCase(c, e);
    await e.client.close();
    const [before, fails, cleanUp] = r.steps;
    expect(fails?.request?.resign?.base).toMatch(/^POST&/);
    expect(fails?.request?.resign?.authorization).toContain('oauth_signature="OSK_SIGNATURE"');
    expect(before?.request).toBeDefined();
    expect(before?.request?.resign).toBeUndefined();
    expect(cleanUp?.request?.resign).toBeUndefined();
  });
});
