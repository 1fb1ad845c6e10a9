/**
 * The TAP reporter's YAML blocks carry whatever a server answered: every character YAML does not
 * print, or reads as a line break, is escaped, so the block parses (js-yaml, YAML 1.2) and gives
 * the server's text back, and the stream keeps its lines.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { REPORTERS, type RunReport } from "../../../src/conformance/index.js";
import { REPORT_HEAD } from "./report-head.js";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };

/** What a hostile server answers: controls, ANSI, NEL, C1, separators, non-characters, a lone surrogate. */
const NASTY =
  "a\u0001\u001b[31m\u0007\r\u007f\u0080\u0085\u009f\u2028\u2029\u202e\ufeff\ufffe\uffff\ud800z 😀 é";

const report: RunReport = {
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

/** Characters outside YAML 1.2's c-printable (§5.1), or line breaks to a YAML 1.1 reader. */
const NOT_PRINTED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("tap: YAML diagnostics of a server's text", () => {
  const tap = REPORTERS.tap(report, { statements: new Map(), secrets: [] });
  it("writes no character YAML does not print, nor a line break of its own", () => {
    expect(tap).not.toMatch(NOT_PRINTED);
    expect(tap).toContain("\\u2028\\u2029");
    expect(tap).toContain("\\u001b[31m\\u0007\\r\\u007f\\u0080\\u0085\\u009f");
    expect(tap).toContain("\\ufffe\\uffff\\ud800z 😀 é");
  });
  it("the block parses as YAML and gives the server's text back", () => {
    const lines = tap.split("\n");
    const from = lines.indexOf("  ---");
    const to = lines.indexOf("  ...");
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const block = yaml.load(lines.slice(from + 1, to).join("\n")) as Record<string, string>;
    expect(block.body).toBe(NASTY);
    expect(block.message).toContain(NASTY);
    expect(tap.split("\n").filter((l) => /^(not )?ok /.test(l))).toHaveLength(1);
  });
});
