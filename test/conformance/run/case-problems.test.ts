/**
 * A broken case is the case's fault, reported as data: a placeholder the run cannot fill in a
 * request gives the step's `case-error`; in a header, an excluded text, an Atom owner or a
 * capture pointer it gives a failing check (`placeholder-unfilled`); in a JSON check, its
 * `pointer-error`. The run goes on and the words come from the reporters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseSpec } from "../../../src/conformance/index.js";
import { checkText, stepFailureText } from "../../../src/conformance/index.js";
import { runCase } from "../../../src/conformance/run/run-case.js";
import { caseEnv, type Running, startFake } from "../helpers.js";

let fake: Running;
beforeAll(async () => {
  fake = await startFake((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "9" });
    res.end('{"n":[1]}');
  });
});
afterAll(() => fake.close());

const PATH = "/os/0.8/people/@me/@self";

/** Runs one step with `expect` (and `capture`); its failures' codes and words. */
async function failures(step: Partial<CaseSpec["steps"][number]>, withOtherApp = true) {
  const c: CaseSpec = {
    id: "x/broken",
    description: "a broken case",
    statements: ["S-4.6-SELF"],
    level: "profile",
    steps: [{ request: { method: "GET", path: PATH }, expect: { status: 200 }, ...step }],
  };
  const all = caseEnv(fake.url);
  const env = withOtherApp ? all : { ...all, apps: { main: all.apps.main } };
  try {
    const r = await runCase(c, env);
    const s = r.steps[0];
    return {
      raw: r.raw,
      failure: s?.failure ? [s.failure.code, stepFailureText(s.failure)] : undefined,
      checks: (s?.checks ?? [])
        .filter((k) => !k.ok)
        .map((k) => [k.check, k.finding.code, checkText(k)]),
    };
  } finally {
    await env.client.close();
  }
}

describe("a broken case", () => {
  it("a request placeholder the run cannot fill: the step's case-error", async () => {
    expect(await failures({ request: { method: "GET", path: "/x/{$nothing.here}" } })).toEqual({
      raw: "fail",
      failure: ["case-error", "case error: {$nothing.here}: nothing captured as nothing"],
      checks: [],
    });
    expect(await failures({ request: { method: "GET", path: PATH, app: "other" } }, false)).toEqual(
      {
        raw: "fail",
        failure: ["case-error", 'case error: the target has no "other" app'],
        checks: [],
      },
    );
  });

  it("in a header, an excluded text or a capture pointer: a failing check", async () => {
    const r = await failures({
      expect: {
        status: 200,
        headers: { "Content-Type": { equals: "{boss}" } },
        bodyExcludes: ["{$secret}"],
      },
      capture: { x: "/n/{$index}" },
    });
    expect(r).toEqual({
      raw: "fail",
      failure: undefined,
      checks: [
        [
          "header Content-Type",
          "placeholder-unfilled",
          "case error: {boss}: unknown placeholder or role",
        ],
        [
          "body excludes",
          "placeholder-unfilled",
          "case error: {$secret}: nothing captured as secret",
        ],
        ["capture x", "placeholder-unfilled", "case error: {$index}: nothing captured as index"],
      ],
    });
  });

  it("in a JSON check: its pointer-error, the pattern's own words for a bad pattern", async () => {
    const r = await failures({
      expect: {
        status: 200,
        json: [
          { pointer: "/n", equals: "{$nothing}" },
          { pointer: "/{#/m}", present: true },
          { pointer: "/n/0", matches: "(" },
        ],
      },
    });
    expect(r.checks).toEqual([
      ["json /n", "pointer-error", "{$nothing}: nothing captured as nothing"],
      ["json /{#/m}", "pointer-error", "{#/m}: no array or object at /m"],
      ["json /n/0", "pointer-error", "Invalid regular expression: /(/: Unterminated group"],
    ]);
  });
});
