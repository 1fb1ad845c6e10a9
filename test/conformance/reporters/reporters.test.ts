/**
 * Reporters on a synthetic run with every outcome: console, JSON, JUnit (well-formed, checked
 * with xmllint when present), TAP 13. Secrets never appear.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { REPORTERS, type RunReport } from "../../../src/conformance/index.js";
import { expectationsFileText } from "../../../src/conformance/reporters/expectations-file.js";
import type { CaseResult } from "../../../src/conformance/run/results.js";
import { loadExpectations } from "../../../src/conformance/suite/expectations.js";
import { REPORT_HEAD } from "./report-head.js";

const request = {
  method: "GET",
  url: "http://127.0.0.1:1/os/0.8/people/@me/@self?x=<&>",
  headers: { authorization: 'OAuth oauth_consumer_key="k", oauth_signature="c2VjcmV0"' },
  bodyBytes: 0,
  http: "1.1" as const,
};
const base = {
  description: 'd <&> "q"',
  level: "core" as const,
  statements: ["S-4.6-SELF"],
  ms: 3,
};
const cases: CaseResult[] = [
  { ...base, id: "people/a", outcome: "pass", raw: "pass", steps: [] },
  {
    ...base,
    id: "people/b",
    outcome: "fail",
    raw: "fail",
    failedStatement: "S-4.6-SELF",
    steps: [
      {
        index: 0,
        request,
        status: 500,
        ms: 1,
        checks: [
          {
            check: "status",
            ok: false,
            statement: "S-4.6-SELF",
            expected: 200,
            actual: 500,
            finding: {
              code: "status-wrong",
              status: 500,
              allowed: [200],
              body: "mentions the-secret \u0001",
            },
          },
        ],
      },
    ],
  },
  { ...base, id: "albums/c", outcome: "expected-fail", raw: "fail", steps: [] },
  {
    ...base,
    id: "albums/d",
    outcome: "unexpected-pass",
    raw: "pass",
    steps: [],
  },
  {
    ...base,
    id: "albums/e",
    outcome: "skip",
    raw: "skip",
    skip: { code: "missing-roles", roles: ["stranger"] },
    steps: [],
  },
];
const report: RunReport = {
  ...REPORT_HEAD,
  cases,
  summary: {
    total: 5,
    pass: 1,
    fail: 1,
    expectedFail: 1,
    unexpectedPass: 1,
    skip: 1,
    staleExpectations: 1,
  },
  staleExpectations: [{ id: "people/gone", code: "unknown-case" }],
  missingRoles: [{ role: "stranger", cases: ["albums/e"] }],
  clients: [],
  exitCode: 1,
};
const ctx = {
  statements: new Map([["S-4.6-SELF", "people @self answers 200"]]),
  secrets: ["the-secret"],
};

describe("reporters", () => {
  it("console: failures with statement, expected/actual, curl, expectation entry; summary", () => {
    const text = REPORTERS.console(report, ctx);
    expect(text).toContain("✗ people/b");
    expect(text).toContain("statement S-4.6-SELF: people @self answers 200");
    expect(text).toContain("expected 200, actual 500");
    expect(text).toContain(
      "reproduce: curl -sS -i 'http://127.0.0.1:1/os/0.8/people/@me/@self?x=<&>'",
    );
    expect(text).toContain('expectation entry: {"id":"people/b"');
    expect(text).toContain("✗ albums/d");
    expect(text).toContain("✗ stale expectation people/gone");
    expect(text).toContain("! the target names no stranger: skipped 1 case(s): albums/e");
    expect(text).toMatch(
      /5 cases: 1 passed, 1 failed, 1 failed as expected, 1 passed unexpectedly, 1 skipped, 1 stale/,
    );
    expect(text).not.toContain("the-secret");
    expect(text).not.toContain("c2VjcmV0");
  });

  it("json: parses back, secrets redacted", () => {
    const text = REPORTERS.json(report, ctx);
    const back = JSON.parse(text) as RunReport;
    expect(back.cases.map((c) => c.outcome)).toEqual([
      "pass",
      "fail",
      "expected-fail",
      "unexpected-pass",
      "skip",
    ]);
    expect(text).not.toContain("the-secret");
    expect(text).not.toContain("c2VjcmV0");
    // The records and their words side by side, as report.schema.json says.
    const raw = JSON.parse(text);
    expect(raw.cases[4]).toMatchObject({
      skip: { code: "missing-roles", roles: ["stranger"] },
      skipReason: "the target names no stranger",
    });
    expect(raw.staleExpectations).toEqual([
      { id: "people/gone", code: "unknown-case", reason: "no case has this id" },
    ]);
    const validate = new Ajv2020({ strict: false }).compile(
      JSON.parse(
        readFileSync(new URL("../../../conformance/report.schema.json", import.meta.url), "utf8"),
      ),
    );
    expect(validate(raw), JSON.stringify(validate.errors)).toBe(true);
  });

  it("json: a new failure carries the console's ready-made expectation entry, valid as an expectations file's", () => {
    const raw = JSON.parse(REPORTERS.json(report, ctx));
    const entry = raw.cases[1].expectation;
    expect(entry).toEqual({
      id: "people/b",
      reason: expect.stringMatching(/^S-4\.6-SELF: step 1: status 500, expected 200/),
    });
    expect(entry.reason).not.toContain("the-secret");
    expect(REPORTERS.console(report, ctx)).toContain(`expectation entry: ${JSON.stringify(entry)}`);
    // only a case that failed unexpectedly: an expected failure has its entry already
    expect(raw.cases.filter((c: { expectation?: unknown }) => c.expectation)).toHaveLength(1);
    const dir = mkdtempSync(join(tmpdir(), "osk-exp-"));
    try {
      writeFileSync(join(dir, "e.json"), JSON.stringify({ expectedFailures: [entry] }));
      expect(loadExpectations(join(dir, "e.json"))).toEqual({ ok: true, value: [entry] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("junit and tap: a new failure's ready-made expectation entry, as the console prints it", () => {
    const entry = JSON.stringify(JSON.parse(REPORTERS.json(report, ctx)).cases[1].expectation);
    const xml = REPORTERS.junit(report, ctx);
    expect(xml).toContain(`expectation entry: ${entry.replace(/"/g, "&quot;")}`);
    expect(xml.match(/expectation entry:/g)).toHaveLength(1); // not the unexpected pass
    const tap = REPORTERS.tap(report, ctx);
    expect(tap).toContain(`  expectation: ${entry}\n`);
    expect(tap.match(/ {2}expectation:/g)).toHaveLength(1);
  });

  it("expectations file: new failures added, entries used or not judged kept, passed and stale ones dropped", () => {
    const known = [
      { id: "albums/c", reason: "known: c" },
      { id: "albums/d", reason: "passes now" },
      { id: "people/gone", reason: "stale" },
      { id: "photos/not-selected", reason: "kept: not judged by this run" },
    ];
    const text = expectationsFileText(report, known, ctx.secrets) ?? "";
    const back = JSON.parse(text);
    expect(back.expectedFailures.map((e: { id: string }) => e.id)).toEqual([
      "albums/c",
      "people/b",
      "photos/not-selected",
    ]);
    expect(back.expectedFailures[0].reason).toBe("known: c");
    expect(back.expectedFailures[1]).toEqual(
      JSON.parse(REPORTERS.json(report, ctx)).cases[1].expectation,
    );
    expect(text).not.toContain("the-secret");
    // a run that stopped early knows not all its failures: no file
    const stopped = { ...report, stopped: { code: "bail" as const, id: "people/b" } };
    expect(expectationsFileText(stopped, known, ctx.secrets)).toBeUndefined();
  });

  it("junit: one testcase per case, failures and skips, well-formed XML", () => {
    const xml = REPORTERS.junit(report, ctx);
    expect(xml).toMatch(/<testsuites [^>]*tests="6" failures="3" time=/);
    expect(xml).toContain('<testcase classname="people" name="people/b"');
    expect(xml).toMatch(
      /<failure message="S-4.6-SELF: step 1: status 500, expected 200 \(body: mentions REDACTED \uFFFD\)" type="fail">/,
    );
    expect(xml).toContain('<skipped message="the target names no stranger"/>');
    expect(xml).not.toContain("\u0001");
    const dir = mkdtempSync(join(tmpdir(), "osk-junit-"));
    try {
      writeFileSync(join(dir, "r.xml"), xml);
      execFileSync("xmllint", ["--noout", join(dir, "r.xml")]);
    } catch (e) {
      if ((e as { code?: string }).code !== "ENOENT") throw e;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tap: a plan, ok/not ok, TODO and SKIP directives, a YAML block for failures", () => {
    const tap = REPORTERS.tap(report, ctx);
    const lines = tap.split("\n");
    expect(lines[0]).toBe("TAP version 13");
    expect(lines[1]).toBe("1..6");
    expect(tap).toContain("ok 1 people/a");
    expect(tap).toMatch(/not ok 2 people\/b - d <&> "q"\n {2}---\n {2}statement: "S-4.6-SELF"/);
    expect(tap).toContain('not ok 3 albums/c - d <&> "q" # TODO expected failure');
    expect(tap).toContain('ok 5 albums/e - d <&> "q" # SKIP the target names no stranger');
    expect(tap).toContain("not ok 6 stale expectation people/gone");
  });
});

describe("a target warning: users named outside §2.1's form", () => {
  const warned: RunReport = {
    ...report,
    warnings: [{ code: "id-form", users: { viewer: "acme.user", friend: "acme.friend" } }],
  };
  const WORDS =
    'users named outside §2.1\'s <namespace>:<value> form (users.viewer "acme.user", users.friend "acme.friend"): the run goes on; the cases about §2.1 (S-2.1-ID-FORM) fail';
  const once = (text: string, words: string) => text.split(words).length - 1;

  it.each(["console", "tap"] as const)("%s: once, in words", (name) => {
    expect(once(REPORTERS[name](warned, ctx), WORDS)).toBe(1);
    expect(REPORTERS[name](report, ctx)).not.toContain("§2.1's");
  });
  it("json: the record and its words, valid against report.schema.json", () => {
    const raw = JSON.parse(REPORTERS.json(warned, ctx));
    expect(raw.warnings).toEqual([
      { code: "id-form", users: { viewer: "acme.user", friend: "acme.friend" }, message: WORDS },
    ]);
    const validate = new Ajv2020({ strict: false }).compile(
      JSON.parse(
        readFileSync(new URL("../../../conformance/report.schema.json", import.meta.url), "utf8"),
      ),
    );
    expect(validate(raw), JSON.stringify(validate.errors)).toBe(true);
  });
  it("junit and html: once, escaped", () => {
    const escaped = WORDS.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    for (const name of ["junit", "html"] as const) {
      const text = REPORTERS[name](warned, ctx)
        .replace(/&quot;|&#34;/g, '"')
        .replace(/&#39;|&apos;/g, "'");
      expect(once(text, escaped), name).toBe(1);
    }
  });
});

describe("deployed client styles no case of which ran", () => {
  const unjudged = (level: "core" | "profile", ran: number): RunReport => ({
    ...report,
    options: { ...report.options, level },
    clients: [
      { id: "c1", name: "one", verdict: "not-judged", ran, of: 2 },
      { id: "c2", name: "two", verdict: "not-judged", ran: 0, of: 1 },
    ],
  });
  const line = (why: string) =>
    `deployed client styles (conformance/clients.json): none of the 2 judged: ${why}`;

  it("console and TAP say in one line that none was judged, and why (at core: profile cases)", () => {
    const why = "their cases test profile decisions, which --level core does not run";
    expect(REPORTERS.console(unjudged("core", 0), ctx)).toContain(line(why));
    expect(REPORTERS.tap(unjudged("core", 0), ctx)).toContain(`# ${line(why)}`);
  });

  it("a selection that ran some of their cases says so", () => {
    const why =
      "no style had all its cases run (--grep, --feature, or a role or app the target lacks)";
    expect(REPORTERS.console(unjudged("profile", 1), ctx)).toContain(line(why));
    expect(REPORTERS.tap(unjudged("profile", 1), ctx)).toContain(`# ${line(why)}`);
  });

  it("JUnit counts no test for them; JSON lists each", () => {
    expect(REPORTERS.junit(unjudged("core", 0), ctx)).not.toContain("deployed-clients");
    const back = JSON.parse(REPORTERS.json(unjudged("core", 0), ctx)) as RunReport;
    expect(back.clients.map((c) => c.verdict)).toEqual(["not-judged", "not-judged"]);
  });
});
