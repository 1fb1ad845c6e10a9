/**
 * A step's `repeat` (P-DATA-7's 10,000-key case fills a record 99 pairs a write): the step is
 * sent n times with `{$repeat}` = 0 … n−1 and fails at its first failing repetition, named;
 * with `concurrency`, that many repetitions at once (bounded by the run's concurrency).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaseSpec, stepLabel } from "../../../src/conformance/index.js";
import { type CaseEnv, runCase } from "../../../src/conformance/run/run-case.js";
import { createHttpClient } from "../../../src/conformance/transport/http-client.js";
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

describe("step repeat with concurrency", () => {
  /** Counts requests in flight; holds each answer until `width` are in flight (or 200 ms). */
  let inFlight = 0;
  let peak = 0;
  let waiting: (() => void)[] = [];
  const seen: number[] = [];
  let refuseAt = Number.POSITIVE_INFINITY;
  let target = 4;
  let counting: Running;
  beforeAll(async () => {
    counting = await startFake((req, res) => {
      let body = "";
      req.on("data", (d: Buffer) => {
        body += d.toString();
      });
      req.on("end", () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        const n = Number(/"k-(\d+)-0"/.exec(body)?.[1]);
        seen.push(n);
        const answer = () => {
          inFlight--;
          res.writeHead(n >= refuseAt ? 400 : 200, { "content-length": "0" });
          res.end();
        };
        waiting.push(answer);
        const release = () => {
          const all = waiting;
          waiting = [];
          for (const a of all) a();
        };
        if (waiting.length >= target) release();
        else setTimeout(() => waiting.includes(answer) && release(), 200);
      });
    });
  });
  afterAll(() => counting.close());

  const concurrent = (times: number, width: number): CaseSpec => ({
    ...repeated,
    steps: [{ ...(repeated.steps[0] as CaseSpec["steps"][0]), repeat: times, concurrency: width }],
  });
  const run = async (c: CaseSpec, runWidth?: number) => {
    inFlight = 0;
    peak = 0;
    seen.length = 0;
    const e: CaseEnv = {
      ...caseEnv(counting.url),
      client: createHttpClient(counting.url, 8),
      ...(runWidth !== undefined ? { concurrency: runWidth } : {}),
    };
    try {
      return await runCase(c, e);
    } finally {
      await e.client.close();
    }
  };

  it("sends `concurrency` repetitions at once and every repetition once", async () => {
    refuseAt = Number.POSITIVE_INFINITY;
    target = 4;
    const r = await run(concurrent(12, 4));
    expect(r.raw).toBe("pass");
    expect(peak).toBe(4);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it("sends no more at once than the run's concurrency", async () => {
    refuseAt = Number.POSITIVE_INFINITY;
    target = 2;
    const r = await run(concurrent(6, 4), 2);
    expect(r.raw).toBe("pass");
    expect(peak).toBe(2);
    expect(seen).toHaveLength(6);
  });

  it("starts no repetition after one failed and names the first failed one", async () => {
    refuseAt = 5;
    target = 4;
    const r = await run(concurrent(40, 4));
    expect(r.raw).toBe("fail");
    expect(r.steps[0]?.repetition).toEqual({ n: 6, of: 40 });
    // the ones in flight when the failure came back end; none starts after it
    expect(seen.length).toBeLessThanOrEqual(12);
  });
});
