/**
 * The no-500 clauses (§7.1 and §7.2's 500 row, S-7.x-500.2; P-ERR-3.1) fail on a 5xx only: a
 * server that answers 200 to a garbage write body (where §7.1 says 400) is reported under the
 * rule it broke, the key/value specification's 400, and only a 5xx is reported under a no-500
 * clause. Checked on the cases themselves (no step's status check cites a no-500 clause) and
 * by running them against the reference server behind a proxy that changes their answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, loadCases, loadStatements, runSuite } from "../../src/conformance/index.js";
import { bundledTarget, type Running, startReference } from "./helpers.js";
import { type Passing, startProxy } from "./proxy.js";

const NO_500 = new Set(["S-7.1-500.2", "S-7.2-500.2", "P-ERR-3.1", "P-ERR-3"]);
const CASES = /^errors\/no-500-(garbage-body|deep-json|long-id)$/;

describe("the cases citing a no-500 clause", () => {
  it("cite it only on a noServerError check, never on a status check", () => {
    const st = loadStatements();
    if (!st.ok) throw new Error("statements");
    const suite = loadCases(st.value);
    if (!suite.ok) throw new Error("cases");
    const blamed: string[] = [];
    for (const c of suite.value)
      for (const [i, s] of c.steps.entries())
        if (
          s.expect.status !== undefined &&
          NO_500.has(s.expect.statement ?? c.statements[0] ?? "")
        )
          blamed.push(`${c.id} step ${i}`);
    expect(blamed).toEqual([]);
  });
});

let reference: Running;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(async () => {
  await reference.close();
});

/** The failed statement of each of the cases, against the reference with its 400/404s turned into `status`. */
async function verdicts(status: number): Promise<Record<string, string>> {
  const proxy = await startProxy(reference.url, (p: Passing) => {
    if (p.status === 400 || p.status === 404) p.status = status;
  });
  try {
    const r = await runSuite({ target: bundledTarget(proxy.url), grep: CASES, timeoutMs: 10_000 });
    if (isRunAbort(r)) throw new Error(`run stopped: ${r.abort}`);
    return Object.fromEntries(r.cases.map((c) => [c.id, `${c.outcome} ${c.failedStatement}`]));
  } finally {
    await proxy.close();
  }
}

describe("a wrong answer to a bad request", () => {
  it("that is not a 5xx is reported under the status's clause, not the no-500 one", async () => {
    expect(await verdicts(200)).toEqual({
      "errors/no-500-garbage-body": "fail S-7.1-400-KEYVALUE.1",
      "errors/no-500-deep-json": "fail P-DATA-2.6",
      "errors/no-500-long-id": "fail S-7.2-404-USER.1",
    });
  });

  it("that is a 5xx is reported under the no-500 clause", async () => {
    expect(await verdicts(500)).toEqual({
      "errors/no-500-garbage-body": "fail S-7.1-500.2",
      "errors/no-500-deep-json": "fail P-ERR-3.1",
      "errors/no-500-long-id": "fail S-7.2-500.2",
    });
  });
});
