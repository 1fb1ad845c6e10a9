/**
 * The console reporter: a summary, and for each failure the case, the statement it breaks, the
 * failed checks (expected vs actual, located by JSON pointer or XPath; the nearest existing
 * parent when a member is missing), the response (status, headers, the body pretty-printed and
 * cut, the failing pointer's line marked `>`), a `curl` line and the command that replays the
 * case signed against the same target, and a ready-made expectation entry. Then the deployed
 * client styles, served or not. Secrets are redacted where they can appear (redacted-report.ts);
 * what the server sent is written with its control, separator and bidi characters escaped
 * (unsafe-text.ts); with `colour`, verdicts are coloured (ANSI).
 */

import type { CheckResult } from "../checks/check-result.js";
import { show } from "../checks/compare.js";
import { curlLine, SECRET_VARIABLE } from "../request/curl.js";
import { escapeUnsafe } from "../request/unsafe-text.js";
import { EXIT } from "../run/exit-codes.js";
import type { CaseResult, RunReport } from "../run/results.js";
import { stopText } from "./abort-text.js";
import { checkText } from "./check-text.js";
import { caseExpectationText } from "./expectations-file.js";
import { failingStep } from "./failing-step.js";
import {
  CLIENTS_HEADING,
  caseMessage,
  caseStatement,
  cleanupFailures,
  clientsUnjudgedText,
  clientVerdictText,
  overCapText,
  skipText,
  staleText,
  stepFailureText,
  stepLabel,
} from "./failure-text.js";
import { redactReport } from "./redacted-report.js";
import { replayLine } from "./replay.js";
import { responseView } from "./response-view.js";
import type { ReportContext, Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

/** Body lines of a failing response the console shows (the HTML report shows more). */
const CONSOLE_BODY_LINES = 24;

/** ANSI colour, or none. */
interface Paint {
  red(s: string): string;
  green(s: string): string;
  dim(s: string): string;
}

function paint(on: boolean): Paint {
  const sgr = (code: number) => (s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);
  return { red: sgr(31), green: sgr(32), dim: sgr(2) };
}

function checkLines(k: CheckResult): string[] {
  const lines = [`  - ${checkText(k)}`];
  if (k.location !== undefined) lines.push(`    at ${k.location}`);
  if (k.expected !== undefined)
    lines.push(`    expected ${show(k.expected)}, actual ${show(k.actual)}`);
  else if (k.actual !== undefined) lines.push(`    found ${show(k.actual)}`);
  return lines;
}

/** True when a request's headers hold an Authorization header (a signature sent there). */
function hasAuthorization(headers: Readonly<Record<string, string>>): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === "authorization");
}

/**
 * The lines of one failure. What a server sent (messages, headers, bodies) is written with its
 * control, separator and bidi characters escaped (unsafe-text.ts), so it cannot move the cursor,
 * colour or rewrite the log's lines; only the reporter's own colours and line ends stay raw.
 */
function describeFailure(c: CaseResult, report: RunReport, ctx: ReportContext, p: Paint): string[] {
  const lines = [p.red(escapeUnsafe(`✗ ${c.id}: ${c.description}`))];
  const say = (...text: string[]): void => {
    lines.push(...text.map(escapeUnsafe));
  };
  const st = caseStatement(c);
  say(`  statement ${st}: ${ctx.statements.get(st) ?? "(unknown statement)"}`);
  const f = failingStep(c);
  const message = caseMessage(c);
  if (c.outcome === "unexpected-pass") say(`  ${message ?? ""}`);
  else if (f) {
    const label = stepLabel(f.step);
    say(
      `  step ${f.step.index + 1}${label ? ` (${label})` : ""}${f.step.status ? `: answered ${f.step.status}` : ""}`,
    );
    if (f.step.failure) say(`  error: ${stepFailureText(f.step.failure)}`);
    for (const k of f.failed.slice(0, 6)) say(...checkLines(k));
    const view = responseView(f.step, CONSOLE_BODY_LINES);
    if (view) {
      const [status, ...headers] = view.head;
      say(`  response: ${status}`, ...headers.map((h) => `    ${h}`));
      say(...view.lines.map((l, i) => (view.marked.has(i) ? `  > ${l}` : `    ${l}`)));
      if (view.cut) lines.push(p.dim(`    (${view.cut})`));
    }
    if (f.step.request) {
      say(`  reproduce: ${curlLine(f.step.request)}`);
      const { resign, url, headers } = f.step.request;
      const signed = resign !== undefined || /[?&]oauth_/.test(url) || hasAuthorization(headers);
      const lead = resign
        ? `the line signs afresh: set ${SECRET_VARIABLE} to the consumer secret of ${resign.consumerKey}`
        : signed
          ? "signature redacted"
          : "sent unsigned";
      say(
        `  (${lead}; to replay ${signed ? "signed" : "as the kit sent it"}: ${replayLine(c.id, report, ctx)})`,
      );
    }
  }
  for (const line of cleanupFailures(c)) lines.push(p.red(escapeUnsafe(`  ! ${line}`)));
  const entry = caseExpectationText(c);
  if (entry) say(`  expectation entry: ${entry}`);
  return lines;
}

/** The client styles, one line each when one was judged, else one line saying why none was. */
function clientLines(report: RunReport, p: Paint): string[] {
  const unjudged = clientsUnjudgedText(report);
  if (unjudged !== undefined) return [unjudged, ""];
  if (report.clients.length === 0) return [];
  return [
    CLIENTS_HEADING,
    ...report.clients.map((v) => {
      const mark =
        v.verdict === "served" ? p.green("✓") : v.verdict === "broken" ? p.red("✗") : "-";
      return `  ${mark} ${v.name}: ${clientVerdictText(v)}`;
    }),
    "",
  ];
}

/** Renders the end-of-run summary and failures. */
export const consoleReporter: Reporter = (raw, ctx) => {
  const report = redactReport(raw, ctx.secrets);
  const p = paint(ctx.colour === true);
  const out: string[] = [];
  const bad = report.cases.filter((c) => c.outcome === "fail" || c.outcome === "unexpected-pass");
  for (const c of bad) out.push(...describeFailure(c, report, ctx, p), "");
  for (const e of report.staleExpectations)
    out.push(p.red(`✗ stale expectation ${e.id}: ${staleText(e)}; remove it`), "");
  for (const w of report.warnings ?? []) out.push(`! ${warningText(w)}`);
  for (const m of report.missingRoles)
    out.push(
      `! the target names no ${m.role}: skipped ${m.cases.length} case(s): ${m.cases.join(", ")}`,
    );
  const notRun = report.cases.filter((c) => c.skip?.code === "not-run");
  const unanswered = report.cases.filter((c) => c.skip?.code === "unanswered");
  const skipped = report.cases.filter(
    (c) =>
      c.outcome === "skip" &&
      c.skip?.code !== "not-run" &&
      c.skip?.code !== "unanswered" &&
      !report.missingRoles.some((m) => m.cases.includes(c.id)),
  );
  for (const c of skipped) out.push(`! skipped ${c.id}: ${skipText(c.skip)}`);
  const overCap = overCapText(report);
  if (overCap) out.push(p.red(`! ${overCap}`));
  out.push(...clientLines(report, p));
  if (report.stopped) {
    out.push(p.red(`! ${stopText(report.stopped, notRun.length)}`));
    if (unanswered.length)
      out.push(
        `! not judged (started; where they failed, the connection was refused): ${unanswered.map((c) => c.id).join(", ")}`,
      );
    if (notRun.length) out.push(`! not run: ${notRun.map((c) => c.id).join(", ")}`);
  }
  const s = report.summary;
  out.push(
    `${s.total} cases: ${s.pass} passed, ${s.fail} failed, ${s.expectedFail} failed as expected, ${s.unexpectedPass} passed unexpectedly, ${s.skip} skipped${s.staleExpectations ? `, ${s.staleExpectations} stale expectation(s)` : ""} in ${report.ms} ms against ${report.target.baseUrl} (level ${report.options.level})`,
    report.exitCode === EXIT.OK
      ? p.green("PASS")
      : report.exitCode === EXIT.INCOMPLETE
        ? p.red("NOT GREEN")
        : p.red("FAIL"),
  );
  return `${out.join("\n")}\n`;
};

/** One progress character per finished case. */
export function progressMark(c: CaseResult): string {
  return c.outcome === "pass"
    ? "."
    : c.outcome === "expected-fail"
      ? "x"
      : c.outcome === "skip"
        ? "s"
        : "F";
}
