/**
 * `--bail` stops a run at the first unexpected result as the other early stops do: the report
 * says why (`stopped`: `bail`, naming the case), lists every selected case it did not run as
 * skipped with the code `not-run`, and keeps the exit code of a failure (1); TAP ends with
 * `Bail out!` and plans every case, JUnit and JSON count them all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loadCases,
  loadStatements,
  REPORTERS,
  type RunReport,
  runSuite,
} from "../../../src/conformance/index.js";
import { bundledTarget, type Running, startReference } from "../helpers.js";
import { dropSelfTotal, startProxy } from "../proxy.js";
import { reportSchemaErrors } from "../reporters/report-schema.js";

let reference: Running;
let defective: Running;
let report: RunReport;
const ctx = { statements: new Map<string, string>(), secrets: [] };

beforeAll(async () => {
  reference = await startReference();
  defective = await startProxy(reference.url, dropSelfTotal);
  const r = await runSuite({ target: bundledTarget(defective.url), bail: true, concurrency: 1 });
  if ("abort" in r) throw new Error(`the run did not start: ${r.abort}`);
  report = r;
});
afterAll(async () => {
  await defective.close();
  await reference.close();
});

describe("--bail", () => {
  it("reports the stop, every case not run as skipped not-run, and exits 1", () => {
    const st = loadStatements();
    const loaded = st.ok ? loadCases(st.value) : undefined;
    const suite = loaded?.ok ? loaded.value.length : 0;
    const failed = report.cases.filter((c) => c.outcome === "fail");
    expect(failed).toHaveLength(1);
    expect(report.stopped).toEqual({ code: "bail", id: failed[0]?.id });
    const notRun = report.cases.filter((c) => c.skip?.code === "not-run");
    expect(notRun.length).toBeGreaterThan(0);
    expect(notRun.every((c) => c.skip?.code === "not-run" && c.skip.stop === "bail")).toBe(true);
    expect(report.cases).toHaveLength(suite);
    expect(report.summary.total).toBe(suite);
    expect(report.exitCode).toBe(1);
  });
  it("tap: every case planned and written, then Bail out!", () => {
    const tap = REPORTERS.tap(report, ctx);
    const points = tap.split("\n").filter((l) => /^(not )?ok \d+ /.test(l));
    expect(tap).toContain(`\n1..${report.cases.length}\n`);
    expect(points).toHaveLength(report.cases.length);
    expect(tap.trimEnd().split("\n").at(-1)).toMatch(
      /^Bail out! --bail stopped the run at the first unexpected result \(.+\): .* \d+ case\(s\) not run$/,
    );
    expect(tap).toMatch(/# SKIP not run: --bail stopped the run at the first unexpected result/);
  });
  it("json: valid against report.schema.json, with the stop in words", () => {
    const raw = JSON.parse(REPORTERS.json(report, ctx));
    expect(raw.stopped.code).toBe("bail");
    expect(raw.stopped.message).toMatch(/^--bail stopped the run/);
    expect(reportSchemaErrors(raw)).toBeUndefined();
  });
  it("junit and console: the cases not run, by name and in words", () => {
    const xml = REPORTERS.junit(report, ctx);
    expect(xml.match(/<skipped message="not run: --bail stopped the run/g)?.length).toBe(
      report.cases.filter((c) => c.skip?.code === "not-run").length,
    );
    const out = REPORTERS.console(report, ctx);
    expect(out).toMatch(/! --bail stopped the run at the first unexpected result/);
    expect(out).toMatch(/! not run: /);
  });
});
