/** A failed case whose server answered text no report may write raw, for the reporters' tests. */
import type { RunReport } from "../../../src/conformance/index.js";
import { REPORT_HEAD } from "./report-head.js";

/** What a hostile server answers: controls, ANSI, NEL, C1, separators, non-characters, a lone surrogate. */
export const NASTY =
  "a\u0001\u001b[31m\u0007\r\u007f\u0080\u0085\u009f\u2028\u2029\u202e\ufeff\ufffe\uffff\ud800z 😀 é";

export const HOSTILE_REPORT: RunReport = {
  ...REPORT_HEAD,
  cases: [
    {
      id: "albums/x",
      description: "d",
      level: "core",
      statements: ["S-1"],
      outcome: "fail",
      raw: "fail",
      failedStatement: "S-1",
      ms: 1,
      steps: [
        {
          index: 0,
          status: 400,
          ms: 1,
          response: {
            headers: { "content-type": "text/plain" },
            body: NASTY,
            bodyBytes: Buffer.byteLength(NASTY),
          },
          checks: [
            {
              check: "status",
              ok: false,
              statement: "S-1",
              expected: 404,
              actual: 400,
              finding: { code: "status-wrong", status: 400, allowed: [404], body: NASTY },
            },
          ],
        },
      ],
    },
  ],
  summary: {
    total: 1,
    pass: 0,
    fail: 1,
    expectedFail: 0,
    unexpectedPass: 0,
    skip: 0,
    staleExpectations: 0,
  },
  staleExpectations: [],
  missingRoles: [],
  clients: [],
  exitCode: 1,
};
