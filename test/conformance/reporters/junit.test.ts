/**
 * The JUnit reporter's root counts: `<testsuites>` counts exactly what the file holds (the sum of
 * its testsuites and their testcases), with stale expectation entries, deployed client styles and
 * an early stop alike.
 */
import { describe, expect, it } from "vitest";
import { REPORTERS, type RunReport } from "../../../src/conformance/index.js";
import type { CaseResult } from "../../../src/conformance/run/results.js";
import { REPORT_HEAD } from "./report-head.js";

const base = { description: "d", level: "core" as const, statements: ["S-1"], ms: 1, steps: [] };
const cases: CaseResult[] = [
  { ...base, id: "people/a", outcome: "pass", raw: "pass" },
  { ...base, id: "people/b", outcome: "fail", raw: "fail", failedStatement: "S-1" },
  {
    ...base,
    id: "albums/c",
    outcome: "skip",
    raw: "skip",
    skip: { code: "not-run", stop: "interrupted" },
  },
];
const report: RunReport = {
  ...REPORT_HEAD,
  cases,
  summary: {
    total: 3,
    pass: 1,
    fail: 1,
    expectedFail: 0,
    unexpectedPass: 0,
    skip: 1,
    staleExpectations: 2,
  },
  staleExpectations: [
    { id: "people/gone", code: "unknown-case" },
    { id: "people/also-gone", code: "unknown-case" },
  ],
  missingRoles: [],
  clients: [
    { id: "c1", name: "one", verdict: "broken", ran: 1, of: 1, failing: { id: "people/b" } },
    { id: "c2", name: "two", verdict: "not-judged", ran: 0, of: 1 },
  ],
  stopped: { code: "interrupted", signal: "SIGTERM" },
  exitCode: 143,
};
const ctx = { statements: new Map<string, string>(), secrets: [] };

/** The number of elements `<name` … in `xml`. */
const count = (xml: string, re: RegExp): number => xml.match(re)?.length ?? 0;

/** The numeric attribute `attr` of the root element (0 when absent). */
function rootCount(xml: string, attr: string): number {
  const root = /<testsuites [^>]*>/.exec(xml)?.[0] ?? "";
  return Number(new RegExp(` ${attr}="(\\d+)"`).exec(root)?.[1] ?? 0);
}

describe("junit: the root counts what the file holds", () => {
  const xml = REPORTERS.junit(report, ctx);
  it("tests: every testcase, the stale expectation entries' too", () => {
    expect(count(xml, /<testcase /g)).toBe(3 + 2 + 2 + 1);
    expect(rootCount(xml, "tests")).toBe(count(xml, /<testcase /g));
  });
  it("failures and errors: the elements the testcases hold", () => {
    expect(rootCount(xml, "failures")).toBe(count(xml, /<failure /g));
    expect(rootCount(xml, "errors")).toBe(count(xml, /<error /g));
  });
  it("each testsuite's own counts sum to the root's", () => {
    const suites = [...xml.matchAll(/<testsuite name="[^"]*" tests="(\d+)" failures="(\d+)"/g)];
    expect(suites.reduce((n, m) => n + Number(m[1]), 0)).toBe(rootCount(xml, "tests"));
    expect(suites.reduce((n, m) => n + Number(m[2]), 0)).toBe(rootCount(xml, "failures"));
  });
  it("stale expectation entries stand in one testsuite (no repeated suite name)", () => {
    expect(count(xml, /<testsuite name="expectations"/g)).toBe(1);
    expect(xml).toMatch(/<testsuite name="expectations" tests="2" failures="2"/);
  });
  it("the root has only the attributes junit-10.xsd allows on testsuites (no skipped)", () => {
    const root = /<testsuites ([^>]*)>/.exec(xml)?.[1] ?? "";
    const names = [...root.matchAll(/([\w-]+)="/g)].map((m) => m[1]);
    expect(
      names.filter((n) => !["name", "time", "tests", "failures", "errors"].includes(n ?? "")),
    ).toEqual([]);
  });
});
