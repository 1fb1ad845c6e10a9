/**
 * The TAP 13 reporter: one test point per case; expected failures are `# TODO`, skips (and cases
 * not run) `# SKIP`, failures carry a YAML block with the statement, message, response, curl
 * line, the command that replays the case against the judged target and (a new failure) its
 * ready-made `expectation` entry. The deployed client
 * styles follow as comments; a run stopped early (the target stopped answering, a signal, or
 * `--bail` at the first unexpected result) ends with `Bail out!`; one that never started (the
 * smoke request refused, nothing selected) has one failed test point saying why, then `Bail out!`.
 * Secrets are redacted where they can appear.
 */
import { curlLine } from "../request/curl.js";
import { escapeUnsafe } from "../request/unsafe-text.js";
import { isNotStarted } from "../run/results.js";
import { STOP_TEST_NAME, stopText } from "./abort-text.js";
import { caseExpectationText } from "./expectations-file.js";
import { failingStep } from "./failing-step.js";
import {
  CLIENTS_HEADING,
  caseMessage,
  caseStatement,
  clientsUnjudgedText,
  clientVerdictText,
  skipText,
  staleText,
} from "./failure-text.js";
import { redactReport } from "./redacted-report.js";
import { replayLine } from "./replay.js";
import { responseView } from "./response-view.js";
import type { Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

/** Body lines of a failing response a TAP failure holds. */
const TAP_BODY_LINES = 20;

/**
 * `s` as a YAML double-quoted scalar: JSON's escapes (every one a YAML escape, YAML 1.2 §5.7),
 * then `\uXXXX` for the characters JSON leaves raw that YAML does not print or reads as a line
 * break (unsafe-text.ts): one such character from a server would corrupt the whole stream.
 */
function yamlString(s: string): string {
  return escapeUnsafe(JSON.stringify(s));
}

/** Renders the report as TAP version 13. */
export const tapReporter: Reporter = (raw, ctx) => {
  const report = redactReport(raw, ctx.secrets);
  // A run that never started has no case: one failed test point stands for it. A plan of 1..0
  // would read as "skip all" (green), and a reader ends the stream there, before any Bail out!.
  const notStarted = isNotStarted(report.stopped) ? report.stopped : undefined;
  const lines = [
    "TAP version 13",
    `1..${report.cases.length + report.staleExpectations.length + (notStarted ? 1 : 0)}`,
    ...(report.warnings ?? []).map((w) => `# warning: ${warningText(w)}`),
  ];
  let n = 0;
  for (const c of report.cases) {
    n++;
    const title = `${c.id} - ${c.description.replace(/#/g, "")}`;
    if (c.outcome === "pass") lines.push(`ok ${n} ${title}`);
    else if (c.outcome === "skip") lines.push(`ok ${n} ${title} # SKIP ${skipText(c.skip)}`);
    else if (c.outcome === "expected-fail")
      lines.push(`not ok ${n} ${title} # TODO expected failure`);
    else {
      lines.push(`not ok ${n} ${title}`, "  ---");
      lines.push(`  statement: ${yamlString(caseStatement(c))}`);
      lines.push(`  message: ${yamlString(caseMessage(c) ?? c.outcome)}`);
      const f = failingStep(c);
      const view = f ? responseView(f.step, TAP_BODY_LINES) : undefined;
      if (view) {
        lines.push(`  response: ${yamlString(view.head.join("\n"))}`);
        lines.push(
          `  body: ${yamlString([...view.lines, ...(view.cut ? [`(${view.cut})`] : [])].join("\n"))}`,
        );
      }
      if (f?.step.request) lines.push(`  reproduce: ${yamlString(curlLine(f.step.request))}`);
      lines.push(`  replay: ${yamlString(replayLine(c.id, report, ctx))}`);
      // JSON text is a YAML 1.2 flow mapping: readers get {id, reason}, people paste it as it is
      const entry = caseExpectationText(c);
      if (entry) lines.push(`  expectation: ${escapeUnsafe(entry)}`);
      lines.push("  ...");
    }
  }
  for (const e of report.staleExpectations)
    lines.push(`not ok ${++n} stale expectation ${e.id} - ${staleText(e)}`);
  if (notStarted)
    lines.push(
      `not ok ${++n} ${STOP_TEST_NAME[notStarted.code]}`,
      "  ---",
      `  message: ${yamlString(stopText(notStarted, 0))}`,
      "  ...",
    );
  const clientsUnjudged = clientsUnjudgedText(report);
  if (clientsUnjudged !== undefined) lines.push(`# ${clientsUnjudged}`);
  else if (report.clients.length > 0) {
    lines.push(`# ${CLIENTS_HEADING}`);
    for (const v of report.clients) lines.push(`# ${v.name}: ${clientVerdictText(v)}`);
  }
  if (report.stopped) {
    const notRun = report.cases.filter((c) => c.skip?.code === "not-run").length;
    lines.push(`Bail out! ${stopText(report.stopped, notRun)}`);
  }
  return `${lines.join("\n")}\n`;
};
