/**
 * The HTML reporter (issue 11 §2): one self-contained file for CI artifacts and people. Inline
 * CSS and one inline script (the failure filter), no link, image or font: opening it makes no
 * network request, and its Content-Security-Policy (`default-src 'none'`, the script allowed by
 * its hash) forbids any. It holds a summary by operation and by statement, every case, and for
 * each failure the statement broken, expected and actual side by side with the JSON pointer or
 * XPath, the request and the redacted `curl` line. Every string that comes from the target (or
 * anywhere else) is redacted, then escaped: a hostile server's body is shown as text, never run.
 */

import { createHash } from "node:crypto";
import { curlLine, redact } from "../request/curl.js";
import {
  type CaseResult,
  type CheckResult,
  type Outcome,
  type RunReport,
  type SentRequest,
  type Summary,
  summarise,
} from "../run/results.js";
import { checkText } from "./check-text.js";
import { failingStep } from "./failing-step.js";
import { caseMessage, skipText, staleText, stepFailureText, stepLabel } from "./failure-text.js";
import { xmlEscape } from "./junit.js";
import type { ReportContext, Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

/** Longest text shown for one expected or actual value. */
const MAX_VALUE = 4_000;

/** Outcomes that make a run fail. */
const BAD: ReadonlySet<Outcome> = new Set(["fail", "unexpected-pass"]);

/** The failure filter, the only script; allowed by its hash in the CSP. */
const SCRIPT = `
const box = document.getElementById("only-failures");
const apply = () => {
  let n = 0;
  for (const s of document.querySelectorAll("section.case")) {
    s.hidden = box.checked && !s.classList.contains("bad");
    if (!s.hidden) n++;
  }
  document.getElementById("shown").textContent = String(n);
};
box.addEventListener("change", apply);
apply();
`;

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:16px 24px;color:#1b1f24;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;font-weight:700;color:#fff}
.verdict.pass{background:#1a7f37}.verdict.fail{background:#cf222e}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
tr.bad td{background:#ffebe9}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{white-space:pre-wrap;word-break:break-all;margin:0;background:#f6f8fa;padding:6px 8px;border-radius:4px}
section.case{border:1px solid #d0d7de;border-radius:6px;margin:8px 0;padding:6px 10px}
section.case.bad{border-color:#cf222e;border-left-width:5px}
section.case h3{font-size:14px;margin:2px 0}
.outcome{font-weight:700;text-transform:uppercase;font-size:11px;padding:1px 6px;border-radius:3px;margin-right:6px;color:#fff;background:#57606a}
.outcome.pass{background:#1a7f37}.outcome.fail,.outcome.unexpected-pass{background:#cf222e}.outcome.expected-fail{background:#9a6700}.outcome.skip{background:#8c959f}
.side{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin:4px 0 10px}
.side h4{margin:0 0 2px;font-size:12px;color:#57606a}
.check{margin:8px 0}.where{color:#57606a}
details#statements>summary{cursor:pointer;padding:4px 0}
.filter{position:sticky;top:0;background:#fff;padding:8px 0;border-bottom:1px solid #d0d7de;z-index:1}
.meta{color:#57606a;font-weight:400}
`;

/** Redacts, then escapes, any text for HTML content or a double-quoted attribute. */
function t(text: string, ctx: ReportContext): string {
  return xmlEscape(redact(text, ctx.secrets));
}

/** A value as readable text: strings as they are, others as indented JSON; cut when long. */
function valueText(v: unknown): string {
  const s = v === undefined ? "(absent)" : typeof v === "string" ? v : JSON.stringify(v, null, 2);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}… (${s.length} characters)` : s;
}

/** The statement's text; a clause id (`P-FMT-3.2`) falls back to its statement's. */
function statementText(id: string, ctx: ReportContext): string {
  return ctx.statements.get(id) ?? ctx.statements.get(id.replace(/\.\d+$/, "")) ?? "";
}

function operationOf(c: CaseResult): string {
  return c.id.split("/")[0] ?? "";
}

function countCells(n: Summary): string {
  return [n.total, n.pass, n.fail, n.expectedFail, n.unexpectedPass, n.skip]
    .map((x) => `<td class="n">${x}</td>`)
    .join("");
}

const COUNT_HEAD =
  "<th>cases</th><th>passed</th><th>failed</th><th>failed as expected</th><th>passed unexpectedly</th><th>skipped</th>";

function byOperation(report: RunReport, ctx: ReportContext): string {
  const groups = new Map<string, CaseResult[]>();
  for (const c of report.cases)
    groups.set(operationOf(c), [...(groups.get(operationOf(c)) ?? []), c]);
  const rows = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([op, cases]) => {
      const n = summarise(cases, 0);
      const bad = n.fail + n.unexpectedPass > 0;
      return `<tr${bad ? ' class="bad"' : ""}><td><code>${t(op, ctx)}</code></td>${countCells(n)}</tr>`;
    });
  return `<table id="by-operation"><thead><tr><th>operation</th>${COUNT_HEAD}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function byStatement(report: RunReport, ctx: ReportContext): string {
  const groups = new Map<string, CaseResult[]>();
  for (const c of report.cases)
    for (const s of new Set(c.statements)) groups.set(s, [...(groups.get(s) ?? []), c]);
  const rows = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, cases]) => {
      const n = summarise(cases, 0);
      const broken = cases.filter((c) => BAD.has(c.outcome) && c.failedStatement === id);
      const bad = broken.length > 0;
      const brokenBy = broken
        .map((c) => `<a href="#${t(anchor(c.id), ctx)}">${t(c.id, ctx)}</a>`)
        .join(", ");
      return `<tr${bad ? ' class="bad"' : ""}><td><code>${t(id, ctx)}</code></td><td>${t(statementText(id, ctx), ctx)}</td>${countCells(n)}<td>${brokenBy}</td></tr>`;
    });
  const broken = [...groups.keys()].filter((id) =>
    report.cases.some((c) => BAD.has(c.outcome) && c.failedStatement === id),
  );
  const line = `${groups.size} statements cited; ${broken.length} broken${broken.length ? `: ${broken.join(", ")}` : ""}`;
  return `<details id="statements"><summary>${t(line, ctx)}</summary><table id="by-statement"><thead><tr><th>statement</th><th>text</th>${COUNT_HEAD}<th>broken in</th></tr></thead><tbody>${rows.join("")}</tbody></table></details>`;
}

/** A stable fragment id for a case. */
function anchor(id: string): string {
  return `case-${id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

function check(k: CheckResult, ctx: ReportContext): string {
  const where =
    k.location === undefined
      ? ""
      : ` <span class="where">at <code>${t(k.location, ctx)}</code></span>`;
  return `<div class="check"><div>✗ ${t(checkText(k), ctx)}${where} <span class="meta">(${t(k.check, ctx)}; ${t(k.statement, ctx)})</span></div>
<div class="side"><div><h4>expected</h4><pre class="expected">${t(valueText(k.expected), ctx)}</pre></div><div><h4>actual</h4><pre class="actual">${t(valueText(k.actual), ctx)}</pre></div></div></div>`;
}

function requestBlock(req: SentRequest, ctx: ReportContext): string {
  const head = [`${req.method} ${req.url} HTTP/${req.http}`];
  for (const [k, v] of Object.entries(req.headers)) head.push(`${k}: ${v}`);
  const body =
    req.body === undefined
      ? ""
      : `\n\n${req.bodyBytes > req.body.length ? `${req.body}… (${req.bodyBytes} bytes)` : req.body}`;
  return `<h4>request</h4><pre class="request">${t(head.join("\n") + body, ctx)}</pre>
<h4>reproduce (signature and secrets redacted; to replay signed: <code>opensocial-kit run --grep '^…$'</code>)</h4><pre class="curl">${t(curlLine(req, ctx.secrets), ctx)}</pre>`;
}

function failureDetails(c: CaseResult, ctx: ReportContext): string {
  const out: string[] = [];
  const st = c.failedStatement ?? c.statements[0] ?? "";
  out.push(
    `<p class="statement">statement <code>${t(st, ctx)}</code>: ${t(statementText(st, ctx) || "(unknown statement)", ctx)}</p>`,
  );
  const message = caseMessage(c);
  if (c.outcome === "unexpected-pass") {
    out.push(`<p>${t(message ?? "", ctx)}</p>`);
    return out.join("");
  }
  const f = failingStep(c);
  if (!f) {
    if (message) out.push(`<p>${t(message, ctx)}</p>`);
    return out.join("");
  }
  const label = stepLabel(f.step);
  out.push(
    `<p>step ${f.step.index + 1}${label ? ` (${t(label, ctx)})` : ""}${f.step.status ? `: answered <b>${f.step.status}</b>` : ""}</p>`,
  );
  if (f.step.failure)
    out.push(`<p class="error">error: ${t(stepFailureText(f.step.failure), ctx)}</p>`);
  for (const k of f.failed) out.push(check(k, ctx));
  if (f.step.request) out.push(requestBlock(f.step.request, ctx));
  return out.join("");
}

function caseSection(c: CaseResult, ctx: ReportContext): string {
  const bad = BAD.has(c.outcome);
  const cls = `case ${bad ? "bad" : "ok"} ${c.outcome}`;
  const statements = c.statements.map((s) => `<code>${t(s, ctx)}</code>`).join(" ");
  const skip =
    c.outcome === "skip" && c.skip
      ? `<p class="meta">skipped: ${t(skipText(c.skip), ctx)}</p>`
      : "";
  return `<section class="${cls}" id="${t(anchor(c.id), ctx)}" data-outcome="${t(c.outcome, ctx)}"><h3><span class="outcome ${t(c.outcome, ctx)}">${t(c.outcome, ctx)}</span><code>${t(c.id, ctx)}</code> <span class="meta">${c.ms} ms · ${c.level} · ${statements}</span></h3><div>${t(c.description, ctx)}</div>${skip}${bad ? failureDetails(c, ctx) : ""}</section>`;
}

/** Renders the whole report as one HTML document. */
export const htmlReporter: Reporter = (report, ctx) => {
  const s = report.summary;
  const green = report.exitCode === 0;
  const scriptHash = createHash("sha256").update(SCRIPT).digest("base64");
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const bad = report.cases.filter((c) => BAD.has(c.outcome));
  const notes = [
    ...(report.warnings ?? []).map((w) => `warning: ${warningText(w)}`),
    ...report.staleExpectations.map((e) => `stale expectation ${e.id}: ${staleText(e)}; remove it`),
    ...report.missingRoles.map(
      (m) =>
        `the target names no ${m.role}: skipped ${m.cases.length} case(s): ${m.cases.join(", ")}`,
    ),
  ];
  const summary = `${s.total} cases: ${s.pass} passed, ${s.fail} failed, ${s.expectedFail} failed as expected, ${s.unexpectedPass} passed unexpectedly, ${s.skip} skipped${s.staleExpectations ? `, ${s.staleExpectations} stale expectation(s)` : ""}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${green ? "PASS" : "FAIL"} · conformance report · ${t(report.target.baseUrl, ctx)}</title>
<style>${STYLE}</style></head>
<body>
<header><h1>Conformance report <span class="verdict ${green ? "pass" : "fail"}" id="verdict">${green ? "PASS" : "FAIL"}</span></h1>
<p class="meta">${t(report.tool.name, ctx)} ${t(report.tool.version, ctx)} against <code>${t(report.target.baseUrl, ctx)}</code> · level ${t(report.options.level, ctx)} · started ${t(report.startedAt, ctx)} · ${report.ms} ms · exit code ${report.exitCode}</p>
<p id="summary">${t(summary, ctx)}</p>
${notes.length ? `<ul class="notes">${notes.map((n) => `<li>${t(n, ctx)}</li>`).join("")}</ul>` : ""}</header>
<h2>By operation</h2>${byOperation(report, ctx)}
<h2>By statement</h2>${byStatement(report, ctx)}
<h2>Cases</h2>
<div class="filter"><label><input type="checkbox" id="only-failures"> show only failures (${bad.length})</label> · showing <span id="shown">${report.cases.length}</span> of ${report.cases.length}</div>
${report.cases.map((c) => caseSection(c, ctx)).join("\n")}
<script>${SCRIPT}</script>
</body></html>
`;
};
