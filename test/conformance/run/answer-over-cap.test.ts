/**
 * An answer larger than the run's cap (`maxAnswerBytes`, `--max-answer-bytes`) is not read, and
 * no rule bounds an answer's size: the case is set aside as `answer-over-cap`, not failed under
 * the rule it tests, and the run is not green (exit 5) unless something failed (exit 1). The
 * bundled world's friends list in JSON is over 1 KiB; the viewer's profile (the smoke request)
 * is read up to the default cap whatever the run's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EXIT,
  isRunAbort,
  REPORTERS,
  type RunReport,
  runSuite,
} from "../../../src/conformance/index.js";
import { bundledTarget, type Running, startReference } from "../helpers.js";
import { dropSelfTotal, startProxy } from "../proxy.js";
import { reportSchemaErrors } from "../reporters/report-schema.js";

const LARGE = "people/friends-strict-types";
const SMALL = "people/self-viewer";
const REPLAY = "auth/replayed-nonce-400";
const KIB = 1024;

let reference: Running;
let defective: Running;
beforeAll(async () => {
  reference = await startReference();
  defective = await startProxy(reference.url, dropSelfTotal);
});
afterAll(async () => {
  await defective.close();
  await reference.close();
});

async function run(
  url: string,
  ids: readonly string[],
  more: { maxAnswerBytes?: number; expectFail?: string; bail?: boolean } = {},
): Promise<RunReport> {
  const r = await runSuite({
    target: bundledTarget(url),
    grep: new RegExp(`^(${ids.join("|")})$`),
    ...(more.maxAnswerBytes !== undefined ? { maxAnswerBytes: more.maxAnswerBytes } : {}),
    ...(more.expectFail ? { expectations: [{ id: more.expectFail, reason: "known" }] } : {}),
    ...(more.bail ? { bail: true, concurrency: 1 } : {}),
  });
  if (isRunAbort(r)) throw new Error(`aborted: ${r.abort}`);
  return r;
}

describe("an answer over the cap", () => {
  it("sets its case aside unjudged, keeps its steps, and the run exits 5 (not green)", async () => {
    const r = await run(reference.url, [LARGE, SMALL], { maxAnswerBytes: KIB });
    const large = r.cases.find((c) => c.id === LARGE);
    expect(large).toMatchObject({
      outcome: "skip",
      skip: { code: "answer-over-cap", maxAnswerBytes: KIB },
    });
    expect(large?.failedStatement).toBeUndefined();
    expect(large?.steps[0]?.failure?.code).toBe("body-too-large");
    expect(r.cases.find((c) => c.id === SMALL)?.outcome).toBe("pass");
    expect(r.summary).toMatchObject({ pass: 1, fail: 0, skip: 1 });
    expect(r.options.maxAnswerBytes).toBe(KIB);
    expect(r.exitCode).toBe(EXIT.INCOMPLETE);
    const ctx = { statements: new Map<string, string>(), secrets: [] };
    expect(reportSchemaErrors(JSON.parse(REPORTERS.json(r, ctx)))).toBeUndefined();
    const text = REPORTERS.console(r, ctx);
    expect(text).toContain(
      `skipped ${LARGE}: not judged: an answer was larger than 1024 bytes and was not read`,
    );
    expect(text).toContain(
      "! 1 case was not judged: an answer was larger than 1024 bytes (--max-answer-bytes), and a case not judged did not pass: the run is not green",
    );
    expect(text).toMatch(/\nNOT GREEN\n$/);
    expect(REPORTERS.html(r, ctx)).toContain("1 case was not judged");
  });

  it("is judged under a cap it fits: the same case passes, exit 0", async () => {
    const r = await run(reference.url, [LARGE]);
    expect(r.cases[0]?.outcome).toBe("pass");
    expect(r.options.maxAnswerBytes).toBe(4 * 1024 * 1024);
    expect(r.exitCode).toBe(EXIT.OK);
  });

  it("leaves a failure a failure: exit 1 when another case failed", async () => {
    const r = await run(defective.url, [LARGE, SMALL], { maxAnswerBytes: KIB });
    expect(r.cases.find((c) => c.id === SMALL)?.outcome).toBe("fail");
    expect(r.cases.find((c) => c.id === LARGE)?.skip?.code).toBe("answer-over-cap");
    expect(r.exitCode).toBe(EXIT.FAILED);
  });

  it("is not made green by an expectations entry for its case", async () => {
    const r = await run(reference.url, [LARGE], { maxAnswerBytes: KIB, expectFail: LARGE });
    expect(r.cases[0]?.skip?.code).toBe("answer-over-cap");
    expect(r.staleExpectations).toEqual([]);
    expect(r.exitCode).toBe(EXIT.INCOMPLETE);
  });

  it("sets aside a replay case whose first, valid request was answered over the cap", async () => {
    // the viewer's profile padded past the cap for every request but the smoke request (the first)
    let seen = 0;
    const padded = await startProxy(reference.url, (p) => {
      if (!p.url.includes("/people/") || seen++ === 0) return;
      const body = JSON.parse(p.body.toString("utf8")) as { entry: Record<string, unknown> };
      body.entry.aboutMe = "x".repeat(4 * KIB);
      p.body = Buffer.from(JSON.stringify(body));
    });
    try {
      const r = await run(padded.url, [REPLAY], { maxAnswerBytes: 2 * KIB });
      const c = r.cases[0];
      expect(c?.steps[0]?.failure).toMatchObject({
        code: "replay-transport",
        transport: { code: "too-large" },
      });
      expect(c).toMatchObject({ outcome: "skip", skip: { code: "answer-over-cap" } });
      expect(c?.failedStatement).toBeUndefined();
      expect(r.exitCode).toBe(EXIT.INCOMPLETE);
    } finally {
      await padded.close();
    }
  });

  it("is no unexpected result to --bail: the cases after it still run", async () => {
    // one at a time, the large case first (the queue keeps case order among one-step cases)
    const r = await run(reference.url, [LARGE, SMALL], { maxAnswerBytes: KIB, bail: true });
    expect(r.stopped).toBeUndefined();
    expect(r.cases.find((c) => c.id === SMALL)?.outcome).toBe("pass");
    expect(r.exitCode).toBe(EXIT.INCOMPLETE);
  });
});
