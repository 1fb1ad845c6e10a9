/**
 * The JUnit XML reporter: one `testsuite` per operation folder, one `testcase` per case
 * (classname = the folder, name = the case id), failures with the statement, message, response,
 * curl line, the command that replays the case against the judged target and (a new failure)
 * its ready-made expectation entry, skips with the reason; a testsuite's `time` is the wall-clock span of its cases (they run concurrently, so
 * their sum would exceed the run). When the run judged a deployed client style, a
 * `deployed-clients` testsuite holds one testcase per style: failed when the target would break
 * it. A run that stopped early (but for --bail) or never started (the smoke request refused,
 * nothing selected) adds a `run` testsuite with one errored testcase saying why, so the file reads
 * red. Readable by common CI systems. Secrets are redacted where they can appear.
 */

import { show } from "../checks/compare.js";
import { curlLine } from "../request/curl.js";
import type { CaseResult, RunReport } from "../run/results.js";
import { STOP_TEST_NAME, stopText } from "./abort-text.js";
import { checkText } from "./check-text.js";
import { caseExpectationText } from "./expectations-file.js";
import { failingStep } from "./failing-step.js";
import {
  caseMessage,
  caseStatement,
  cleanupFailures,
  clientVerdictText,
  skipText,
  staleText,
  stepFailureText,
} from "./failure-text.js";
import { redactReport } from "./redacted-report.js";
import { replayLine } from "./replay.js";
import { responseView } from "./response-view.js";
import type { ReportContext, Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

/** Body lines of a failing response a JUnit failure holds. */
const JUNIT_BODY_LINES = 40;

/** Escapes text for XML content and attributes (dropping characters XML cannot carry). */
export function xmlEscape(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function details(c: CaseResult, report: RunReport, ctx: ReportContext): string {
  const f = failingStep(c);
  const lines = [`statement ${caseStatement(c)}: ${ctx.statements.get(caseStatement(c)) ?? ""}`];
  if (f?.step.failure) lines.push(stepFailureText(f.step.failure));
  for (const k of f?.failed ?? [])
    lines.push(
      `${checkText(k)} (at ${k.location ?? "-"}${k.expected !== undefined ? `; expected ${show(k.expected)}, actual ${show(k.actual)}` : k.actual !== undefined ? `; found ${show(k.actual)}` : ""})`,
    );
  const view = f ? responseView(f.step, JUNIT_BODY_LINES) : undefined;
  if (view) {
    lines.push("response:", ...view.head.map((h) => `  ${h}`), "");
    lines.push(...view.lines.map((l, i) => `${view.marked.has(i) ? "> " : "  "}${l}`));
    if (view.cut) lines.push(`  (${view.cut})`);
  }
  lines.push(...cleanupFailures(c));
  if (f?.step.request) lines.push(`reproduce: ${curlLine(f.step.request)}`);
  lines.push(`replay signed: ${replayLine(c.id, report, ctx)}`);
  const entry = caseExpectationText(c);
  if (entry) lines.push(`expectation entry: ${entry}`);
  return lines.join("\n");
}

function testcase(c: CaseResult, report: RunReport, ctx: ReportContext): string {
  const cls = c.id.split("/")[0] ?? "";
  const message = caseMessage(c);
  const open = `    <testcase classname="${xmlEscape(cls)}" name="${xmlEscape(c.id)}" time="${(c.ms / 1000).toFixed(3)}">`;
  if (c.outcome === "pass" || c.outcome === "expected-fail") {
    const note =
      c.outcome === "expected-fail"
        ? `\n      <system-out>${xmlEscape(`expected failure: ${message ?? ""}`)}</system-out>\n    `
        : "";
    return note ? `${open}${note}</testcase>` : `${open}</testcase>`;
  }
  if (c.outcome === "skip")
    return `${open}\n      <skipped message="${xmlEscape(skipText(c.skip))}"/>\n    </testcase>`;
  const msg = `${caseStatement(c)}: ${message ?? c.outcome}`;
  return `${open}\n      <failure message="${xmlEscape(msg)}" type="${c.outcome}">${xmlEscape(details(c, report, ctx))}</failure>\n    </testcase>`;
}

/** The wall-clock span of `cases` in seconds: from the first start to the last end. */
function span(cases: readonly CaseResult[]): number {
  const ran = cases.filter((c) => c.startMs !== undefined);
  if (ran.length === 0) return 0;
  const start = Math.min(...ran.map((c) => c.startMs ?? 0));
  const end = Math.max(...ran.map((c) => (c.startMs ?? 0) + c.ms));
  return (end - start) / 1000;
}

/** One `testsuite` element and the counts it holds (the root's counts are their sums). */
interface Suite {
  readonly xml: string;
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
  readonly skipped: number;
}

/** A `testsuite` element holding `body` (testcases, or a `system-err`), with its counts. */
function suite(
  name: string,
  counts: Omit<Suite, "xml">,
  body: readonly string[],
  time?: number,
): Suite {
  const t = time === undefined ? "" : ` time="${time.toFixed(3)}"`;
  return {
    ...counts,
    xml: `  <testsuite name="${xmlEscape(name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}"${t}>\n${body.join("\n")}\n  </testsuite>`,
  };
}

/**
 * The `deployed-clients` testsuite, when the run judged a style; else nothing: a run that judged
 * none (`--level core`, one case replayed) would count one skipped test per style, 11 tests for
 * one case run. The console and TAP say why none was judged (clientsUnjudgedText).
 */
function clientsSuite(report: RunReport): Suite | undefined {
  if (!report.clients.some((v) => v.verdict !== "not-judged")) return undefined;
  const cases = report.clients.map((v) => {
    const open = `    <testcase classname="deployed-clients" name="${xmlEscape(`${v.id}: ${v.name}`)}">`;
    if (v.verdict === "served") return `${open}</testcase>`;
    const inner =
      v.verdict === "broken"
        ? `<failure message="${xmlEscape(clientVerdictText(v))}" type="client-broken"/>`
        : `<skipped message="${xmlEscape(clientVerdictText(v))}"/>`;
    return `${open}\n      ${inner}\n    </testcase>`;
  });
  const failures = report.clients.filter((v) => v.verdict === "broken").length;
  const skipped = report.clients.filter((v) => v.verdict === "not-judged").length;
  return suite(
    "deployed-clients",
    { tests: report.clients.length, failures, errors: 0, skipped },
    cases,
    0,
  );
}

/** Renders the report as JUnit XML. */
export const junitReporter: Reporter = (raw, ctx) => {
  const report = redactReport(raw, ctx.secrets);
  const groups = new Map<string, CaseResult[]>();
  for (const c of report.cases) {
    const g = c.id.split("/")[0] ?? "";
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  const suites: Suite[] = [...groups].map(([name, cases]) =>
    suite(
      name,
      {
        tests: cases.length,
        failures: cases.filter((c) => c.outcome === "fail" || c.outcome === "unexpected-pass")
          .length,
        errors: 0,
        skipped: cases.filter((c) => c.outcome === "skip").length,
      },
      cases.map((c) => testcase(c, report, ctx)),
      span(cases),
    ),
  );
  // A target warning (ids outside §2.1's form) stands in a suite of its own, as its error output.
  if (report.warnings?.length)
    suites.unshift(
      suite("target", { tests: 0, failures: 0, errors: 0, skipped: 0 }, [
        `    <system-err>${xmlEscape(report.warnings.map((w) => `warning: ${warningText(w)}`).join("\n"))}</system-err>`,
      ]),
    );
  const stale = report.staleExpectations;
  if (stale.length)
    suites.push(
      suite(
        "expectations",
        { tests: stale.length, failures: stale.length, errors: 0, skipped: 0 },
        stale.map(
          (e) =>
            `    <testcase classname="expectations" name="${xmlEscape(e.id)}">\n      <failure message="stale expectation: ${xmlEscape(staleText(e))}" type="stale"/>\n    </testcase>`,
        ),
      ),
    );
  const clients = clientsSuite(report);
  if (clients) suites.push(clients);
  // A run that stopped early, or never started, stands as an error of its own (red in Jenkins
  // and GitLab, where a file without one would read as a green run of nothing); a --bail stop is
  // the failure that caused it, already reported, and the cases not run are skipped with the reason.
  if (report.stopped && report.stopped.code !== "bail") {
    const notRun = report.cases.filter((c) => c.skip?.code === "not-run").length;
    suites.push(
      suite(
        "run",
        { tests: 1, failures: 0, errors: 1, skipped: 0 },
        [
          `    <testcase classname="run" name="${STOP_TEST_NAME[report.stopped.code]}">\n      <error message="${xmlEscape(stopText(report.stopped, notRun))}" type="${report.stopped.code}"/>\n    </testcase>`,
        ],
        0,
      ),
    );
  }
  const sum = (k: keyof Omit<Suite, "xml">) => suites.reduce((n, x) => n + x[k], 0);
  // The root carries name, time, tests, failures and errors only: Jenkins xUnit's junit-10.xsd,
  // which strict CI validators use, allows no `skipped` on `testsuites`; each `testsuite` keeps
  // its own `skipped`, which GitLab and Jenkins read.
  const errors = sum("errors");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="opensocial-kit conformance" tests="${sum("tests")}" failures="${sum("failures")}"${errors ? ` errors="${errors}"` : ""} time="${(report.ms / 1000).toFixed(3)}">\n${suites.map((x) => x.xml).join("\n")}\n</testsuites>\n`;
};
