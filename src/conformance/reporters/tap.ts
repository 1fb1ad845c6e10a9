/**
 * The TAP 13 reporter: one test point per case; expected failures are `# TODO`, skips
 * `# SKIP`, failures carry a YAML block with the statement, message and curl line.
 */
import { curlLine, redact } from "../request/curl.js";
import { failingStep } from "./failing-step.js";
import { caseMessage, skipText, staleText } from "./failure-text.js";
import type { Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

function yamlString(s: string): string {
  return JSON.stringify(s);
}

/** Renders the report as TAP version 13. */
export const tapReporter: Reporter = (report, ctx) => {
  const lines = [
    "TAP version 13",
    `1..${report.cases.length + report.staleExpectations.length}`,
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
      lines.push(`  statement: ${yamlString(c.failedStatement ?? "")}`);
      lines.push(`  message: ${yamlString(redact(caseMessage(c) ?? c.outcome, ctx.secrets))}`);
      const f = failingStep(c);
      if (f?.step.request)
        lines.push(`  reproduce: ${yamlString(curlLine(f.step.request, ctx.secrets))}`);
      lines.push("  ...");
    }
  }
  for (const e of report.staleExpectations)
    lines.push(`not ok ${++n} stale expectation ${e.id} - ${staleText(e)}`);
  return `${lines.join("\n")}\n`;
};
