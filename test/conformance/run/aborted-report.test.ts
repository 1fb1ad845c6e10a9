/**
 * A run that never starts (nothing selected, or the smoke request refused) still has its report
 * head from runSuite's own clock: the CLI writes every report from it (exit 3 and 4), and
 * nothing else times the run.
 */
import { createServer as createNetServer } from "node:net";
import { describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../../src/conformance/index.js";
import { abortText } from "../../../src/conformance/reporters/abort-text.js";
import { abortedReport, isReportedAbort } from "../../../src/conformance/run/aborted-report.js";
import { bundledTarget, startFake } from "../helpers.js";

/** A base URL nothing listens on: a port taken and given back. */
async function deadUrl(): Promise<string> {
  const s = createNetServer();
  await new Promise<void>((ok) => s.listen(0, "127.0.0.1", ok));
  const { port } = s.address() as { port: number };
  await new Promise<void>((ok) => s.close(() => ok()));
  return `http://127.0.0.1:${port}`;
}

describe("an aborted run's report head", () => {
  it.each([
    ["nothing selected", "empty", async () => ({ url: await deadUrl(), grep: /^no-such-case$/ })],
    ["the smoke request refused", "unreachable", async () => ({ url: await deadUrl(), grep: /./ })],
  ])(
    "%s: the abort carries runSuite's head, and the report is made of it",
    async (_n, kind, setup) => {
      const { url, grep } = await setup();
      const before = Date.now();
      const r = await runSuite({
        target: bundledTarget(url),
        grep,
        concurrency: 3,
        version: "9.9.9",
      });
      const after = Date.now();
      if (!isRunAbort(r)) throw new Error("the run was expected to stop before any case");
      expect(r.abort).toBe(kind);
      expect(isReportedAbort(r)).toBe(true);
      if (!isReportedAbort(r)) return;
      expect(r.head.target.baseUrl).toBe(url);
      expect(r.head.tool.version).toBe("9.9.9");
      expect(r.head.options).toEqual({
        level: "profile",
        concurrency: 3,
        timeoutMs: 10_000,
        maxAnswerBytes: 4 * 1024 * 1024,
      });
      const started = Date.parse(r.head.startedAt);
      expect(started).toBeGreaterThanOrEqual(before - 1);
      expect(started + r.head.ms).toBeLessThanOrEqual(after + 1);
      const report = abortedReport(r, 4);
      expect(report.ms).toBe(r.head.ms);
      expect(report.startedAt).toBe(r.head.startedAt);
      expect(report.stopped?.code).toBe(kind);
      expect(report.cases).toEqual([]);
    },
  );
});

describe("a smoke request answered with another status", () => {
  it("404: the words name the URL asked and say where the base URL should point", async () => {
    const fake = await startFake((_req, res) => {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not here");
    });
    try {
      const r = await runSuite({ target: bundledTarget(`${fake.url}/api`) });
      if (!isRunAbort(r)) throw new Error("the run was expected to stop before any case");
      expect(r).toMatchObject({
        abort: "unreachable",
        refusal: {
          code: "smoke-status",
          status: 404,
          url: `${fake.url}/api/os/0.8/people/{viewer}/@self`,
        },
      });
      expect(abortText(r)).toBe(
        `the smoke request (GET ${fake.url}/api/os/0.8/people/{viewer}/@self) answered 404: give the base URL the API is mounted under (the kit adds /os/0.8), and check that the target's users name people the service knows`,
      );
      const doubled = await runSuite({ target: bundledTarget(`${fake.url}/os/0.8`) });
      if (!isRunAbort(doubled)) throw new Error("the run was expected to stop before any case");
      expect(abortText(doubled)).toBe(
        `the smoke request (GET ${fake.url}/os/0.8/os/0.8/people/{viewer}/@self) answered 404: give the base URL without /os/0.8 (the kit adds it)`,
      );
    } finally {
      await fake.close();
    }
  });
});
