/**
 * `auth/error-no-echo` (P-ERR-1.2) judges what a server could really leak: the signature and
 * nonce it was sent and the consumer secret it holds. An error message that names the word
 * "secret" leaks nothing and passes; one that quotes the app's secret fails, under P-ERR-1.2.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../src/conformance/index.js";
import { REPORTERS } from "../../src/conformance/reporters/index.js";
import { bundledTarget, type Running, startReference } from "./helpers.js";
import { startProxy } from "./proxy.js";

let reference: Running;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(() => reference.close());

/** The case's verdict against the reference with its 400 bodies' message replaced. */
async function verdict(message: string) {
  const proxy = await startProxy(reference.url, (p) => {
    if (p.status === 400) p.body = Buffer.from(JSON.stringify({ error: { code: 400, message } }));
  });
  try {
    const report = await runSuite({
      target: bundledTarget(proxy.url),
      grep: /^auth\/error-no-echo$/,
    });
    if (isRunAbort(report)) throw new Error(`run aborted: ${report.abort}`);
    const [c] = report.cases;
    return { outcome: c?.outcome, statement: c?.failedStatement };
  } finally {
    await proxy.close();
  }
}

describe("auth/error-no-echo", () => {
  it("a message naming the word 'secret' passes", async () => {
    expect(await verdict("invalid OAuth signature: check the consumer key and secret")).toEqual({
      outcome: "pass",
      statement: undefined,
    });
  });
  it("a message quoting the app's consumer secret fails under P-ERR-1.2", async () => {
    expect(await verdict("signature made with 'quiz secret+1/é' does not match")).toEqual({
      outcome: "fail",
      statement: "P-ERR-1.2",
    });
  });
});

describe("the reports of auth/error-no-echo", () => {
  it("never quote a signature the run sent: with its nonce and URL it would test guesses of the secret", async () => {
    const report = await runSuite({
      target: bundledTarget(reference.url),
      grep: /^auth\/error-no-echo$/,
    });
    if (isRunAbort(report)) throw new Error(`run aborted: ${report.abort}`);
    const sent = report.cases
      .flatMap((c) => c.steps)
      .flatMap((s) => [
        ...(s.request?.headers.authorization ?? "").matchAll(/oauth_signature="([^"]*)"/g),
      ])
      .map((m) => decodeURIComponent(m[1] ?? ""));
    expect(sent.length).toBeGreaterThan(0);
    // the case quotes what it sent in its checks (the body must not echo it)
    expect(JSON.stringify(report.cases)).toContain(sent[0]);
    const ctx = { statements: new Map<string, string>(), secrets: ["quiz secret+1/é"] };
    for (const name of ["json", "junit", "tap", "console", "html"] as const) {
      const text = REPORTERS[name](report, ctx);
      for (const signature of sent) {
        expect(text, name).not.toContain(signature);
        expect(text, name).not.toContain(encodeURIComponent(signature));
      }
    }
  });
});
