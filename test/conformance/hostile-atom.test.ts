/**
 * The runner reads every Atom answer of the target it judges. A target whose Atom answers are
 * 1 MiB of prefixed attributes on one long namespace name (within the reader's size limit; the
 * shape once cost minutes of CPU per document in the duplicate-attribute check) costs the run
 * bounded time, and each Atom case fails clearly: the Atom body is not the feed the case asked
 * for, located by XPath. The reference server answers behind a proxy that swaps each Atom body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATOM_NS } from "../../src/codecs/atom/index.js";
import { abortText, caseMessage, isRunAbort, runSuite } from "../../src/conformance/index.js";
import { manyPrefixedAttributes } from "../codecs/atom/hostile-xml.js";
import { bundledTarget, type Running, startReference } from "./helpers.js";
import { startProxy } from "./proxy.js";

const MIB = 1024 * 1024;
const HOSTILE = Buffer.from(
  manyPrefixedAttributes(MIB, { root: "feed", rootAttributes: ` xmlns="${ATOM_NS}"` }),
);

let reference: Running;
let hostile: Running;
let swapped = 0;
beforeAll(async () => {
  reference = await startReference();
  hostile = await startProxy(reference.url, (p) => {
    if (!/^application\/atom\+xml/.test(p.headers["content-type"] ?? "")) return;
    p.body = HOSTILE;
    swapped++;
  });
});
afterAll(async () => {
  await hostile.close();
  await reference.close();
});

describe("a target answering Atom requests with 1 MiB of prefixed attributes", () => {
  it("the run ends in bounded time, and every Atom case fails on the body", async () => {
    expect(HOSTILE.length).toBeLessThanOrEqual(MIB);
    const t0 = performance.now();
    const report = await runSuite({
      target: bundledTarget(hostile.url),
      grep: /atom/,
      concurrency: 4,
      timeoutMs: 20_000,
    });
    const ms = performance.now() - t0;
    if (isRunAbort(report)) throw new Error(abortText(report));
    expect(swapped).toBeGreaterThan(10);
    const atomCases = report.cases.filter((c) =>
      c.steps.some((s) => s.checks.some((k) => k.finding.code === "body-not-atom")),
    );
    expect(atomCases.length).toBeGreaterThan(10);
    for (const c of atomCases) {
      expect(c.outcome, c.id).toBe("fail");
      expect(caseMessage(c), c.id).toMatch(/Atom/);
    }
    const first = atomCases[0];
    console.log(
      `${report.cases.length} cases in ${Math.round(ms)} ms, ${swapped} Atom bodies swapped; ${first?.id}: ${first ? caseMessage(first) : ""}`,
    );
    // Generous for a loaded 2-core machine (a few seconds when idle).
    expect(ms).toBeLessThan(60_000);
  }, 120_000);
});
