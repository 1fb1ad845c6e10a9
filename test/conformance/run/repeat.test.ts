/**
 * A step's `repeat` (P-DATA-7's 10,000-key case fills a record 99 pairs a write): the step is
 * sent n times with `{$repeat}` = 0 … n−1 and fails at its first failing repetition, named.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaseSpec, stepLabel } from "../../../src/conformance/index.js";
import { type CaseEnv, runCase } from "../../../src/conformance/run/run-case.js";
import { caseEnv, type Running, startFake } from "../helpers.js";

let fake: Running;
const bodies: string[] = [];
let refuseFrom = Number.POSITIVE_INFINITY;
beforeAll(async () => {
  fake = await startFake((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => {
      body += d.toString();
    });
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(bodies.length > refuseFrom ? 400 : 200, { "content-length": "0" });
      res.end();
    });
  });
});
afterAll(() => fake.close());

const env = (): CaseEnv => caseEnv(fake.url);

const repeated: CaseSpec = {
  id: "x/repeat",
  description: "repeat",
  statements: ["P-DATA-7"],
  level: "profile",
  steps: [
    {
      name: "fill",
      repeat: 5,
      request: {
        method: "POST",
        path: "/os/0.8/appdata/@me/@self/@app",
        body: { pairs: 2, keyPrefix: "k-{$repeat}-", valueLength: 3 },
      },
      expect: { status: 200 },
    },
  ],
};

describe("step repeat", () => {
  it("sends the step n times with {$repeat} counting from 0", async () => {
    bodies.length = 0;
    refuseFrom = Number.POSITIVE_INFINITY;
    const e = env();
    const r = await runCase(repeated, e);
    await e.client.close();
    expect(r.raw).toBe("pass");
    expect(bodies).toEqual([0, 1, 2, 3, 4].map((i) => `{"k-${i}-0":"xxx","k-${i}-1":"xxx"}`));
  });
  it("stops at the first failing repetition and names it", async () => {
    bodies.length = 0;
    refuseFrom = 3;
    const e = env();
    const r = await runCase(repeated, e);
    await e.client.close();
    expect(bodies).toHaveLength(4);
    expect(r.raw).toBe("fail");
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0] && stepLabel(r.steps[0])).toBe("fill, repetition 4 of 5");
    expect(r.steps[0]?.repetition).toEqual({ n: 4, of: 5 });
  });
});
