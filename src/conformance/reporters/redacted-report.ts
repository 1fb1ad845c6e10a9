/**
 * The report as every reporter prints it: signatures and secrets redacted where they can appear
 * (request/redact.ts), in the requests sent, in what the target answered and in the values and
 * findings taken from it, a refused smoke request's included. The kit's own text is left as it
 * is: case ids, descriptions, statements, step names, pointers and XPaths, header and capture names, the target's URL. So a
 * reporter renders a redacted report and never redacts a line it has composed.
 */
import type { CheckResult } from "../checks/check-result.js";
import type { Finding } from "../checks/finding-codes.js";
import { exchangeRedactor, type Redactor, redactor, redactRequest } from "../request/redact.js";
import type { CaseResult, RunReport, StepResult } from "../run/results.js";
import type { SmokeRefusal } from "../run/smoke.js";
import type { StepFailure } from "../run/step-failure.js";

/** Finding members that hold the kit's words or a location, never a value the target sent. */
const KIT_MEMBERS: ReadonlySet<string> = new Set([
  "code",
  "where",
  "at",
  "parent",
  "pointer",
  "xpath",
  "local",
  "name",
  "kind",
  "issue",
  "pattern",
  "member",
  "declared",
]);

/** Finding members that hold a text the target sent (a body, a parser's message). */
const TEXT_MEMBERS: ReadonlySet<string> = new Set(["body", "detail", "text"]);

function member(k: string, v: unknown, r: Redactor): unknown {
  if (KIT_MEMBERS.has(k)) return v;
  if (typeof v === "string") return TEXT_MEMBERS.has(k) ? r.text(v) : r.value(v);
  // capture-undecodable carries the body's own finding
  if (k === "body" && v !== null && typeof v === "object") return finding(v as Finding, r);
  return r.deep(v);
}

function finding(f: Finding, r: Redactor): Finding {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, member(k, v, r)])) as Finding;
}

function check(k: CheckResult, r: Redactor): CheckResult {
  return {
    ...k,
    finding: finding(k.finding, r),
    ...(k.expected !== undefined ? { expected: r.deep(k.expected) } : {}),
    ...(k.actual !== undefined ? { actual: r.deep(k.actual) } : {}),
  };
}

function failure(f: StepFailure, r: Redactor): StepFailure {
  return "transport" in f
    ? ({ ...f, transport: { ...f.transport, message: r.text(f.transport.message) } } as StepFailure)
    : f;
}

function step(s: StepResult, all: Redactor, secrets: readonly string[]): StepResult {
  const r = s.request ? exchangeRedactor(secrets, s.request) : all;
  return {
    ...s,
    ...(s.request ? { request: redactRequest(s.request, secrets) } : {}),
    ...(s.response
      ? {
          response: {
            ...s.response,
            headers: Object.fromEntries(
              Object.entries(s.response.headers).map(([k, v]) => [k, r.value(v)]),
            ),
            body: r.text(s.response.body),
          },
        }
      : {}),
    ...(s.failure ? { failure: failure(s.failure, r) } : {}),
    checks: s.checks.map((k) => check(k, r)),
  };
}

function redactCase(c: CaseResult, r: Redactor, secrets: readonly string[]): CaseResult {
  return c.steps.length ? { ...c, steps: c.steps.map((s) => step(s, r, secrets)) } : c;
}

/**
 * A smoke refusal with the values from outside the kit redacted: the transport's message and a
 * redirect's Location (a target may send the request's own URL back, its signature in the query).
 */
export function redactRefusal(x: SmokeRefusal, secrets: readonly string[]): SmokeRefusal {
  return refusal(x, redactor(secrets));
}

function refusal(x: SmokeRefusal, r: Redactor): SmokeRefusal {
  if (x.code === "smoke-unreachable")
    return { ...x, transport: { ...x.transport, message: r.text(x.transport.message) } };
  if (x.code === "smoke-redirected" && x.location !== undefined)
    return { ...x, location: r.text(x.location) };
  return x;
}

/** `report` with every value that may hold a secret redacted; its own text untouched. */
export function redactReport(report: RunReport, secrets: readonly string[]): RunReport {
  const r = redactor(secrets);
  const { stopped } = report;
  return {
    ...report,
    cases: report.cases.map((c) => redactCase(c, r, secrets)),
    ...(stopped?.code === "unreachable"
      ? { stopped: { ...stopped, refusal: refusal(stopped.refusal, r) } }
      : {}),
  };
}
