/**
 * The JUnit XML reporter: one `testsuite` per operation folder, one `testcase` per case
 * (classname = the folder, name = the case id), failures with the statement and message,
 * skips with the reason. Readable by common CI systems.
 */

import { show } from "../checks/compare.js";
import { curlLine, redact } from "../request/curl.js";
import type { CaseResult } from "../run/results.js";
import { checkText } from "./check-text.js";
import { failingStep } from "./failing-step.js";
import { caseMessage, skipText, staleText, stepFailureText } from "./failure-text.js";
import type { ReportContext, Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

/** Escapes text for XML content and attributes (dropping characters XML cannot carry). */
export function xmlEscape(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function details(c: CaseResult, ctx: ReportContext): string {
  const f = failingStep(c);
  const lines = [
    `statement ${c.failedStatement ?? ""}: ${ctx.statements.get(c.failedStatement ?? "") ?? ""}`,
  ];
  if (f?.step.failure) lines.push(stepFailureText(f.step.failure));
  for (const k of f?.failed ?? [])
    lines.push(
      `${checkText(k)} (at ${k.location ?? "-"}; expected ${show(k.expected)}, actual ${show(k.actual)})`,
    );
  if (f?.step.request) lines.push(curlLine(f.step.request, ctx.secrets));
  return redact(lines.join("\n"), ctx.secrets);
}

function testcase(c: CaseResult, ctx: ReportContext): string {
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
  const msg = `${c.failedStatement ?? ""}: ${message ?? c.outcome}`;
  return `${open}\n      <failure message="${xmlEscape(redact(msg, ctx.secrets))}" type="${c.outcome}">${xmlEscape(details(c, ctx))}</failure>\n    </testcase>`;
}

/** Renders the report as JUnit XML. */
export const junitReporter: Reporter = (report, ctx) => {
  const groups = new Map<string, CaseResult[]>();
  for (const c of report.cases) {
    const g = c.id.split("/")[0] ?? "";
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  const suites = [...groups].map(([name, cases]) => {
    const failures = cases.filter(
      (c) => c.outcome === "fail" || c.outcome === "unexpected-pass",
    ).length;
    const skipped = cases.filter((c) => c.outcome === "skip").length;
    const time = cases.reduce((t, c) => t + c.ms, 0) / 1000;
    return `  <testsuite name="${xmlEscape(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}">\n${cases.map((c) => testcase(c, ctx)).join("\n")}\n  </testsuite>`;
  });
  // A target warning (ids outside §2.1's form) stands in a suite of its own, as its error output.
  if (report.warnings?.length)
    suites.unshift(
      `  <testsuite name="target" tests="0" failures="0" errors="0" skipped="0">\n    <system-err>${xmlEscape(report.warnings.map((w) => `warning: ${warningText(w)}`).join("\n"))}</system-err>\n  </testsuite>`,
    );
  for (const e of report.staleExpectations)
    suites.push(
      `  <testsuite name="expectations" tests="1" failures="1" errors="0" skipped="0">\n    <testcase classname="expectations" name="${xmlEscape(e.id)}">\n      <failure message="stale expectation: ${xmlEscape(staleText(e))}" type="stale"/>\n    </testcase>\n  </testsuite>`,
    );
  const s = report.summary;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="opensocial-kit conformance" tests="${s.total}" failures="${s.fail + s.unexpectedPass + s.staleExpectations}" skipped="${s.skip}" time="${(report.ms / 1000).toFixed(3)}">\n${suites.join("\n")}\n</testsuites>\n`;
};
