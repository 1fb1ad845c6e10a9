/**
 * Runs one case: its steps in order, each request built and signed, sent within limits,
 * checked, and its captures taken for the steps after it (a capture pointer starting with `?` is
 * optional: nothing there leaves the capture unset instead of failing). A step whose `onlyIf`
 * does not hold is skipped (only-if.ts). A failed step ends the case, except for steps marked
 * `always` (clean-up).
 */
import { randomHex } from "../../oauth/random-hex.js";
import type { StepSpec } from "../case-types.js";
import type { CheckResult } from "../checks/check-result.js";
import { outline } from "../checks/compare.js";
import { responseViews, runChecks } from "../checks/index.js";
import { absentPagingClause } from "../checks/paging-clause.js";
import { evaluatePointer, nearestExisting } from "../checks/pointer/evaluate.js";
import type { CaseOutcome } from "../request/case-problems.js";
import type { OrderedValue } from "../request/ordered-json.js";
import {
  type BuiltRequest,
  buildRequest,
  type RequestEnv,
  recordBodies,
  sentWithResign,
} from "../request/request-build.js";
import { fillPointer, type TemplateContext } from "../request/template.js";
import type { CaseSpec } from "../suite/expand-steps.js";
import type { ClientLimits } from "../transport/client-limits.js";
import type { Exchange, HttpClient, WireResponse } from "../transport/http-client.js";
import { sendRaw } from "../transport/raw-socket.js";
import { onlyIfHolds } from "./only-if.js";
import {
  type RawOutcome,
  RESPONSE_EXCERPT_BYTES,
  type ResponseExcerpt,
  type StepResult,
} from "./results.js";
import { failureStatement, transportFailure } from "./step-failure.js";
import { pool } from "./worker-pool.js";

/** What a case needs from the run. */
export interface CaseEnv extends RequestEnv {
  readonly client: HttpClient;
  /** Role → full platformUserId, for the roles the target names. */
  readonly users: Readonly<Record<string, string>>;
  readonly namespace: string;
  readonly limits: ClientLimits;
  /** At most this many requests of one step at once (the run's concurrency; default: no bound). */
  readonly concurrency?: number;
  /** Exact-value facts of the target's world (world-facts.ts), offered as `{$world…}`. */
  readonly world?: Readonly<Record<string, unknown>>;
  /**
   * Sees every judged exchange of a step before its checks run; `rebuild` makes the same request
   * for another target (a differential run sends it there and compares the answers).
   */
  readonly onExchange?: (
    step: number,
    built: BuiltRequest,
    response: WireResponse,
    rebuild: (env: RequestEnv) => CaseOutcome<BuiltRequest>,
  ) => Promise<void>;
}

/** A case's outcome before expectations are applied. */
interface CaseRun {
  readonly raw: RawOutcome;
  readonly steps: StepResult[];
  readonly ms: number;
  readonly failedStatement?: string;
}

/** Sends a built request as its step says (HTTP/1.0 or a held-back body over a socket of its own). */
export async function exchange(
  env: Pick<CaseEnv, "client" | "origin" | "limits">,
  built: BuiltRequest,
): Promise<Exchange> {
  if (built.http === "1.0" || built.hold || built.writeFirst)
    return sendRaw(env.origin, built.wire, env.limits, {
      http: built.http,
      ...(built.hold ? { hold: built.hold } : {}),
      ...(built.writeFirst ? { writeFirst: true } : {}),
    });
  return env.client.send(built.wire, env.limits);
}

/** Runs `c` against the target described by `env`. */
export async function runCase(c: CaseSpec, env: CaseEnv): Promise<CaseRun> {
  const start = performance.now();
  const unique = `t${randomHex(4)}`;
  const captures = new Map<string, unknown>();
  if (env.world) captures.set("world", env.world);
  const template: TemplateContext = {
    users: { ...env.users, unknownUser: `${env.namespace}:no-such-user-${unique}` },
    namespace: env.namespace,
    unique,
    captures,
  };
  const steps: StepResult[] = [];
  let failedStatement: string | undefined;
  for (const [index, step] of c.steps.entries()) {
    // After a failure only `always` steps run (clean-up): the steps before them are skipped.
    if (failedStatement !== undefined && !step.always) continue;
    if (step.onlyIf !== undefined && !onlyIfHolds(step.onlyIf, template, c.level)) {
      steps.push({
        index,
        ...(step.name ? { name: step.name } : {}),
        skipped: true,
        ms: 0,
        checks: [],
      });
      continue;
    }
    const ran = await runRepeated({ c, step, index, env, template });
    const r: StepResult = step.always ? { ...ran, always: true } : ran;
    steps.push(r);
    const bad = r.checks.find((k) => !k.ok);
    if (failedStatement === undefined && (r.failure !== undefined || bad))
      failedStatement =
        bad?.statement ??
        (r.failure && failureStatement(r.failure)) ??
        step.expect.statement ??
        c.statements[0] ??
        "";
  }
  const ms = Math.round(performance.now() - start);
  return failedStatement !== undefined
    ? { raw: "fail", steps, ms, failedStatement }
    : { raw: "pass", steps, ms };
}

/** One step of a case, where it stands, and what it runs with. */
interface StepRun {
  readonly c: CaseSpec;
  readonly step: StepSpec;
  readonly index: number;
  readonly env: CaseEnv;
  readonly template: TemplateContext;
  /** The write a `record` body sends this time (record-writes.ts). */
  readonly write?: OrderedValue;
}

/**
 * How many times a step is sent: `repeat`, or once per write of a `record` body (split once
 * here, record-writes.ts; a placeholder that cannot be filled: once, which reports the problem).
 */
function sendsOf(
  step: StepSpec,
  template: TemplateContext,
): { readonly times: number; readonly writes?: readonly OrderedValue[] } {
  if (step.repeat !== undefined) return { times: step.repeat };
  const body = step.request.body;
  if (body === undefined || !("record" in body)) return { times: 1 };
  const writes = recordBodies(body.record, template);
  return writes.ok ? { times: writes.value.length, writes: writes.value } : { times: 1 };
}

/** True for a step whose sends are counted by `{$repeat}`: `repeat`, or a `record` body. */
function counted(step: StepSpec): boolean {
  return (
    step.repeat !== undefined || (step.request.body !== undefined && "record" in step.request.body)
  );
}

/** The run of repetition `i`, with the write it sends. */
function repetition(s: StepRun, writes: readonly OrderedValue[] | undefined, i: number): StepRun {
  const write = writes?.[i];
  return write === undefined ? s : { ...s, write };
}

/**
 * Runs a step once, or several times (sendsOf) with `{$repeat}` counting, up to its first
 * failure.
 */
async function runRepeated(s: StepRun): Promise<StepResult> {
  const { step, template } = s;
  const { times, writes } = sendsOf(step, template);
  const width = Math.min(step.concurrency ?? 1, s.env.concurrency ?? Number.POSITIVE_INFINITY);
  if (width > 1) return runConcurrently(s, times, width, writes);
  const captures = template.captures as Map<string, unknown>;
  let r: StepResult | undefined;
  for (let i = 0; i < times; i++) {
    if (counted(step)) captures.set("repeat", i);
    r = await runStep(repetition(s, writes, i));
    if (failed(r)) {
      if (times > 1) return { ...r, repetition: { n: i + 1, of: times } };
      break;
    }
  }
  return r as StepResult;
}

function failed(r: StepResult): boolean {
  return r.failure !== undefined || r.checks.some((k) => !k.ok);
}

/**
 * The repetitions of a step `width` at a time, each with captures of its own (its `{$repeat}`
 * and what it sent; such a step captures nothing for later steps). None starts once one has
 * failed; the first failed repetition is the step's result, else the last one's.
 */
async function runConcurrently(
  s: StepRun,
  times: number,
  width: number,
  writes: readonly OrderedValue[] | undefined,
): Promise<StepResult> {
  let stop = false;
  const results = await pool(
    Array.from({ length: times }, (_, i) => i),
    width,
    async (i) => {
      const captures = new Map(s.template.captures).set("repeat", i);
      const r = await runStep({
        ...repetition(s, writes, i),
        template: { ...s.template, captures },
      });
      if (failed(r)) stop = true;
      return r;
    },
    () => stop,
  );
  const first = results.findIndex((r) => r !== undefined && failed(r));
  const r = results[first] as StepResult | undefined;
  return r ? { ...r, repetition: { n: first + 1, of: times } } : (results[times - 1] as StepResult);
}

async function runStep({ c, step, index, env, template, write }: StepRun): Promise<StepResult> {
  const t0 = performance.now();
  const base = { index, ...(step.name ? { name: step.name } : {}) };
  const ms = () => Math.round((performance.now() - t0) * 10) / 10;
  const made = buildRequest(step.request, template, env, write === undefined ? {} : { write });
  // What the case asks and the run cannot make (an unknown capture or app): the case's fault.
  if (!made.ok)
    return {
      ...base,
      ms: ms(),
      checks: [],
      failure: { code: "case-error", problem: made.problem },
    };
  const built = made.value;
  const captures = template.captures as Map<string, unknown>;
  captures.set("sent", {
    nonce: built.nonce,
    signature: built.signature,
    appSecret: built.appSecret,
  });
  if (built.replay) {
    const first = await exchange(env, { ...built, wire: built.replay });
    if (!first.ok || first.response.status !== 200) {
      return {
        ...base,
        request: sentWithResign(built),
        ms: ms(),
        checks: [],
        failure: first.ok
          ? { code: "replay-status", status: first.response.status }
          : { code: "replay-transport", transport: first.error },
      };
    }
  }
  const x = await exchange(env, built);
  if (!x.ok) {
    return {
      ...base,
      request: sentWithResign(built),
      ms: ms(),
      checks: [],
      failure: transportFailure(x.error),
    };
  }
  await env.onExchange?.(index, built, x.response, (other) =>
    buildRequest(step.request, template, other, {
      nonce: built.nonce,
      ...(write === undefined ? {} : { write }),
    }),
  );
  const views = responseViews(step.expect, x.response);
  const checks = runChecks(
    step.expect,
    x.response,
    c.level,
    c.statements[0] ?? "",
    template,
    views,
    built.sent,
  );
  // An answer the step's `when` does not name has nothing to capture either.
  if (!checks.some((k) => k.finding.code === "when-unmet"))
    checks.push(
      ...takeCaptures(
        step,
        x.response,
        views.decoded,
        template,
        step.expect.statement ?? c.statements[0] ?? "",
        built.sent.url,
      ),
    );
  const failed = checks.some((k) => !k.ok);
  return {
    ...base,
    request: failed ? sentWithResign(built) : built.sent,
    status: x.response.status,
    ...(failed ? { response: excerpt(x.response) } : {}),
    ms: ms(),
    checks,
  };
}

/** What a failing step got back, as the report keeps it: headers and the start of the body. */
function excerpt(r: WireResponse): ResponseExcerpt {
  return {
    headers: r.headers,
    body: r.body.subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8"),
    bodyBytes: r.body.length,
  };
}

function takeCaptures(
  step: StepSpec,
  response: { readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array },
  decoded: ReturnType<typeof responseViews>["decoded"],
  template: TemplateContext,
  statement: string,
  url: string,
): CheckResult[] {
  const captures = template.captures as Map<string, unknown>;
  const out: CheckResult[] = [];
  for (const [name, raw] of Object.entries(step.capture ?? {})) {
    const optional = raw.startsWith("?");
    const filled = fillPointer(optional ? raw.slice(1) : raw, template);
    if (!filled.ok) {
      out.push({
        check: `capture ${name}`,
        ok: false,
        statement,
        finding: { code: "placeholder-unfilled", problem: filled.problem },
      });
      continue;
    }
    const from = filled.value;
    if (from.startsWith("header:")) {
      captures.set(name, response.headers[from.slice(7).toLowerCase()]);
      continue;
    }
    // The body's length in bytes once any Content-Encoding is undone (the runner sends no
    // Accept-Encoding, so a case that compares it checks P-ERR-2.6 first): what a HEAD's
    // Content-Length must equal when it is sent (RFC 9110 §8.6, P-ERR-2.3).
    if (from === "body:length") {
      captures.set(name, String(response.body.length));
      continue;
    }
    const body = decoded();
    if (!body.ok) {
      out.push({
        check: `capture ${name}`,
        ok: false,
        statement,
        finding: { code: "capture-undecodable", name, body: body.finding },
      });
      continue;
    }
    const found = evaluatePointer(body.value, from);
    const wild = from.split("/").includes("*");
    if (!wild && found.matches.length === 0) {
      captures.delete(name);
      if (optional) continue;
      const parent = nearestExisting(body.value, from);
      // a list or a person without its paging member breaks the paging clause (paging-clause.ts)
      const form = step.expect.atom === undefined ? "json" : "atom";
      out.push({
        check: `capture ${name}`,
        ok: false,
        statement: absentPagingClause(body.value, from, form, url) ?? statement,
        location: from,
        actual: outline(parent.value),
        finding: { code: "capture-missing", name, pointer: from, parent: parent.pointer },
      });
      continue;
    }
    captures.set(name, wild ? found.matches.map((m) => m.value) : found.matches[0]?.value);
  }
  return out;
}
