/**
 * Large hostile bodies cost bounded memory: a target answering a 4 MiB `[[[…` body to every
 * request (concurrency 16) is refused by the depth pre-scan (parseJsonText), and the report
 * keeps no copy of any body: failure messages quote the first bytes only, and a failing step
 * keeps the first 16 KiB of its answer (a slice of the whole text kept every 4 MiB body alive:
 * 506 MB of heap after the run).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abortText, isRunAbort, runSuite } from "../../src/conformance/index.js";
import { RESPONSE_EXCERPT_BYTES } from "../../src/conformance/run/results.js";
import { bundledTarget, type Running, startFake } from "./helpers.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const DEEP = "[".repeat(4 * 1024 * 1024);
let deep: Running;
beforeAll(async () => {
  deep = await startFake((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(DEEP);
    });
  });
});
afterAll(() => deep.close());

describe("a target answering 4 MiB of nesting", () => {
  it("the report retains no body (heap after the run < 80 MB)", async () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const report = await runSuite({
      target: bundledTarget(deep.url),
      concurrency: 16,
      timeoutMs: 20_000,
    });
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    if (isRunAbort(report)) throw new Error(abortText(report));
    expect(report.cases.length).toBeGreaterThan(200);
    const text = JSON.stringify(report);
    // sent bodies are quoted up to 2000 characters, answers kept up to RESPONSE_EXCERPT_BYTES
    expect(text).not.toContain("[".repeat(RESPONSE_EXCERPT_BYTES + 1));
    expect(retained / 1024 / 1024).toBeLessThan(80);
  }, 120_000);
});
