/**
 * The HTML reporter: one self-contained file for CI artifacts and people. Inline CSS and one
 * inline script (the failure filter), no link, image or font: opening it makes no network
 * request, and its Content-Security-Policy (`default-src 'none'`, the script allowed by its hash)
 * forbids any. With failures it opens on them (the filter on), under a line per broken statement
 * with its count; it holds a summary by operation and by statement, the deployed client styles
 * (served or not, with the first failing case), every case, and for each failure the statement
 * broken, the failed checks (expected and actual side by side when both exist, located by JSON
 * pointer or XPath; the nearest existing parent when a member is missing), the response (status,
 * headers, the body pretty-printed and cut, the failing pointer's line marked), the request, the
 * redacted `curl` line and the command that replays the case signed against the same target.
 * Secrets are redacted where they can appear (redacted-report.ts), then everything is escaped: a
 * hostile server's body is shown as text, never run.
 */

import { createHash } from "node:crypto";
import type { CheckResult } from "../checks/check-result.js";
import { curlLine, SECRET_VARIABLE } from "../request/curl.js";
import type { SentRequest } from "../request/sent-request.js";
import {
  type CaseResult,
  type Outcome,
  type RunReport,
  type StepResult,
  type Summary,
  summarise,
} from "../run/results.js";
import { stopText } from "./abort-text.js";
import { checkText } from "./check-text.js";
import { failingStep } from "./failing-step.js";
import {
  caseMessage,
  caseStatement,
  overCapText,
  skipText,
  staleText,
  stepFailureText,
  stepLabel,
} from "./failure-text.js";
import { xmlEscape } from "./junit.js";
import { redactReport } from "./redacted-report.js";
import { replayLine } from "./replay.js";
import { responseView } from "./response-view.js";
import type { ReportContext, Reporter } from "./types.js";
import { warningText } from "./warning-text.js";

/** Body lines of a failing response the HTML report shows. */
const HTML_BODY_LINES = 400;

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
ul.broken{margin:4px 0;padding-left:20px}ul.broken li{margin:1px 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
h2.first{font-size:15px;margin:14px 0 4px}
.response pre mark{background:#fff8c5;display:block;margin:0 -8px;padding:0 8px;border-left:3px solid #bf8700}
.cut{color:#57606a;font-size:12px}
td.served{color:#1a7f37;font-weight:700}td.broken{color:#cf222e;font-weight:700}td.not-judged{color:#57606a}
`;

/** Escapes any text for HTML content or a double-quoted attribute (the report is redacted). */
function t(text: string): string {
  return xmlEscape(text);
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

function byOperation(report: RunReport): string {
  const groups = new Map<string, CaseResult[]>();
  for (const c of report.cases)
    groups.set(operationOf(c), [...(groups.get(operationOf(c)) ?? []), c]);
  const rows = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([op, cases]) => {
      const n = summarise(cases, 0);
      const bad = n.fail + n.unexpectedPass > 0;
      return `<tr${bad ? ' class="bad"' : ""}><td><code>${t(op)}</code></td>${countCells(n)}</tr>`;
    });
  return `<table id="by-operation"><thead><tr><th>operation</th>${COUNT_HEAD}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** The cases each statement was broken in (a statement a failed case names as its failure). */
function brokenStatements(report: RunReport): Map<string, CaseResult[]> {
  const out = new Map<string, CaseResult[]>();
  for (const c of report.cases)
    if (BAD.has(c.outcome) && c.failedStatement !== undefined)
      out.set(c.failedStatement, [...(out.get(c.failedStatement) ?? []), c]);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function caseLinks(cases: readonly CaseResult[]): string {
  return cases.map((c) => `<a href="#${t(anchor(c.id))}">${t(c.id)}</a>`).join(", ");
}

/** One visible line per broken statement, with how many cases broke it. */
function brokenLines(report: RunReport, ctx: ReportContext): string {
  const broken = brokenStatements(report);
  if (broken.size === 0) return `<p id="broken-statements">No statement broken.</p>`;
  const items = [...broken].map(([id, cases]) => {
    const first = cases[0] as CaseResult;
    const text = statementText(id, ctx);
    return `<li title="${t(text)}"><code>${t(id)}</code> broken in ${cases.length} case${cases.length === 1 ? "" : "s"} (${cases.length === 1 ? "" : "first: "}<a href="#${t(anchor(first.id))}">${t(first.id)}</a>): ${t(text)}</li>`;
  });
  return `<h2 class="first">Broken statements (${broken.size})</h2><ul class="broken" id="broken-statements">${items.join("")}</ul>`;
}

/** One line on the client styles the run judged: how many served, which it would break. */
function clientsLine(report: RunReport): string {
  const judged = report.clients.filter((v) => v.verdict !== "not-judged");
  if (judged.length === 0) return "";
  const broken = judged.filter((v) => v.verdict === "broken");
  const names = broken.map(
    (v) =>
      `<b>${t(v.name)}</b> (first failing: <a href="#${t(anchor(v.failing?.id ?? ""))}">${t(v.failing?.id ?? "")}</a>)`,
  );
  return `<p id="clients-summary">Deployed client styles: ${judged.length - broken.length} served${broken.length ? `; it would break ${names.join(", ")}` : ""}${judged.length < report.clients.length ? `; ${report.clients.length - judged.length} not judged` : ""} (<a href="#clients">table</a>).</p>`;
}

function byStatement(report: RunReport, ctx: ReportContext): string {
  const groups = new Map<string, CaseResult[]>();
  for (const c of report.cases)
    for (const s of new Set(c.statements)) groups.set(s, [...(groups.get(s) ?? []), c]);
  const broken = brokenStatements(report);
  const rows = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, cases]) => {
      const n = summarise(cases, 0);
      const by = broken.get(id) ?? [];
      return `<tr${by.length ? ' class="bad"' : ""}><td><code>${t(id)}</code></td><td>${t(statementText(id, ctx))}</td>${countCells(n)}<td>${caseLinks(by)}</td></tr>`;
    });
  const line = `${groups.size} statements cited; ${broken.size} broken${broken.size ? `: ${[...broken.keys()].join(", ")}` : ""}`;
  return `<details id="statements"><summary>${t(line)}</summary><table id="by-statement"><thead><tr><th>statement</th><th>text</th>${COUNT_HEAD}<th>broken in</th></tr></thead><tbody>${rows.join("")}</tbody></table></details>`;
}

/** The deployed client styles, when the suite has any. */
function clientsTable(report: RunReport): string {
  if (report.clients.length === 0) return "";
  const rows = report.clients.map((v) => {
    const first = v.failing
      ? `<a href="#${t(anchor(v.failing.id))}">${t(v.failing.id)}</a>${v.failing.statement ? ` <span class="meta">(${t(v.failing.statement)})</span>` : ""}`
      : "";
    const word =
      v.verdict === "served" ? "served" : v.verdict === "broken" ? "would break" : "not judged";
    return `<tr${v.verdict === "broken" ? ' class="bad"' : ""}><td>${t(v.name)}</td><td class="${v.verdict}">${word}</td><td class="n">${v.ran} of ${v.of}</td><td>${first}</td></tr>`;
  });
  return `<h2>Deployed client styles</h2><table id="clients"><thead><tr><th>client style (conformance/clients.json)</th><th>verdict</th><th>cases run</th><th>first failing case</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** A stable fragment id for a case. */
function anchor(id: string): string {
  return `case-${id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

function check(k: CheckResult): string {
  const where =
    k.location === undefined ? "" : ` <span class="where">at <code>${t(k.location)}</code></span>`;
  const panel = (name: string, v: unknown) =>
    `<div><h4>${name}</h4><pre class="${name === "expected" ? "expected" : "actual"}">${t(valueText(v))}</pre></div>`;
  const parent = "parent" in k.finding ? k.finding.parent : undefined;
  const side =
    k.expected !== undefined
      ? `<div class="side">${panel("expected", k.expected)}${panel("actual", k.actual)}</div>`
      : k.actual !== undefined
        ? `<div class="side">${panel(parent !== undefined ? `found at ${parent || "/"} (the nearest existing parent)` : "actual", k.actual)}</div>`
        : "";
  return `<div class="check"><div>✗ ${t(checkText(k))}${where} <span class="meta">(${t(k.check)}; ${t(k.statement)})</span></div>${side}</div>`;
}

function responseBlock(step: StepResult): string {
  const view = responseView(step, HTML_BODY_LINES);
  if (!view) return "";
  const body = view.lines
    .map((l, i) => (view.marked.has(i) ? `<mark>${t(l)}</mark>` : `${t(l)}\n`))
    .join("");
  return `<div class="response"><h4>response</h4><pre class="response-head">${t(view.head.join("\n"))}</pre>${view.lines.length ? `<pre class="response-body">${body}</pre>` : ""}${view.cut ? `<p class="cut">(${t(view.cut)})</p>` : ""}</div>`;
}

function requestBlock(req: SentRequest, replay: string): string {
  const head = [`${req.method} ${req.url} HTTP/${req.http}`];
  for (const [k, v] of Object.entries(req.headers)) head.push(`${k}: ${v}`);
  const body =
    req.body === undefined
      ? ""
      : `\n\n${req.bodyBytes > req.body.length ? `${req.body}… (${req.bodyBytes} bytes)` : req.body}`;
  return `<h4>request</h4><pre class="request">${t(head.join("\n") + body)}</pre>
<h4>reproduce (${req.resign ? `signed afresh with $${SECRET_VARIABLE}, the consumer secret of ${t(req.resign.consumerKey)}` : "signature and secrets redacted"})</h4><pre class="curl">${t(curlLine(req))}</pre>
<h4>replay signed, against the same target</h4><pre class="replay">${t(replay)}</pre>`;
}

function failureDetails(c: CaseResult, report: RunReport, ctx: ReportContext): string {
  const out: string[] = [];
  const st = caseStatement(c);
  out.push(
    `<p class="statement">statement <code>${t(st)}</code>: ${t(statementText(st, ctx) || "(unknown statement)")}</p>`,
  );
  const message = caseMessage(c);
  if (c.outcome === "unexpected-pass") {
    out.push(`<p>${t(message ?? "")}</p>`);
    return out.join("");
  }
  const f = failingStep(c);
  if (!f) {
    if (message) out.push(`<p>${t(message)}</p>`);
    return out.join("");
  }
  const label = stepLabel(f.step);
  out.push(
    `<p>step ${f.step.index + 1}${label ? ` (${t(label)})` : ""}${f.step.status ? `: answered <b>${f.step.status}</b>` : ""}</p>`,
  );
  if (f.step.failure) out.push(`<p class="error">error: ${t(stepFailureText(f.step.failure))}</p>`);
  for (const k of f.failed) out.push(check(k));
  out.push(responseBlock(f.step));
  if (f.step.request) out.push(requestBlock(f.step.request, replayLine(c.id, report, ctx)));
  return out.join("");
}

function caseSection(c: CaseResult, report: RunReport, ctx: ReportContext): string {
  const bad = BAD.has(c.outcome);
  const cls = `case ${bad ? "bad" : "ok"} ${c.outcome}`;
  const statements = c.statements.map((s) => `<code>${t(s)}</code>`).join(" ");
  const skip =
    c.outcome === "skip" && c.skip ? `<p class="meta">skipped: ${t(skipText(c.skip))}</p>` : "";
  return `<section class="${cls}" id="${t(anchor(c.id))}" data-outcome="${t(c.outcome)}"><h3><span class="outcome ${t(c.outcome)}">${t(c.outcome)}</span><code>${t(c.id)}</code> <span class="meta">${c.ms} ms · ${c.level} · ${statements}</span></h3><div>${t(c.description)}</div>${skip}${bad ? failureDetails(c, report, ctx) : ""}</section>`;
}

/** Renders the whole report as one HTML document. */
export const htmlReporter: Reporter = (raw, ctx) => {
  const report = redactReport(raw, ctx.secrets);
  const s = report.summary;
  const green = report.exitCode === 0;
  const scriptHash = createHash("sha256").update(SCRIPT).digest("base64");
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const bad = report.cases.filter((c) => BAD.has(c.outcome));
  const notRun = report.cases.filter((c) => c.skip?.code === "not-run").length;
  const notes = [
    ...(report.stopped ? [stopText(report.stopped, notRun)] : []),
    ...[overCapText(report)].filter((n) => n !== undefined),
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
<title>${green ? "PASS" : "FAIL"} · conformance report · ${t(report.target.baseUrl)}</title>
<style>${STYLE}</style></head>
<body>
<header><h1>Conformance report <span class="verdict ${green ? "pass" : "fail"}" id="verdict">${green ? "PASS" : "FAIL"}</span></h1>
<p class="meta">${t(report.tool.name)} ${t(report.tool.version)} against <code>${t(report.target.baseUrl)}</code> · level ${t(report.options.level)} · started ${t(report.startedAt)} · ${report.ms} ms · exit code ${report.exitCode}</p>
<p id="summary">${t(summary)}</p>
${clientsLine(report)}
${notes.length ? `<ul class="notes">${notes.map((n) => `<li>${t(n)}</li>`).join("")}</ul>` : ""}
${brokenLines(report, ctx)}</header>
<h2>Cases</h2>
<div class="filter"><label><input type="checkbox" id="only-failures"${bad.length ? " checked" : ""}> show only failures (${bad.length})</label> · showing <span id="shown">${report.cases.length}</span> of ${report.cases.length}</div>
${report.cases.map((c) => caseSection(c, report, ctx)).join("\n")}
<h2>By operation</h2>${byOperation(report)}
<h2>By statement</h2>${byStatement(report, ctx)}
${clientsTable(report)}
<script>${SCRIPT}</script>
</body></html>
`;
};
