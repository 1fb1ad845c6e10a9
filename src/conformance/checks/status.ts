/** The status check: the response status is the one (or one of those) the case expects. */
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";

/** Checks `expect.status`. */
export function checkStatus(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (expect.status === undefined) return [];
  const allowed = Array.isArray(expect.status) ? expect.status : [expect.status];
  const actual = ctx.response.status;
  const ok = allowed.includes(actual);
  return [
    result(ctx, {
      check: "status",
      ok,
      expected: expect.status,
      actual,
      finding: ok
        ? { code: "status-ok", status: actual }
        : { code: "status-wrong", status: actual, allowed, body: bodySnippet(ctx) },
    }),
  ];
}

/**
 * The start of the body for a failure, decoded from the first bytes only: a slice of the whole
 * text would keep the whole (up to 4 MiB) body alive in the report. Whitespace runs become one
 * space; the reporters cut it further.
 */
export function bodySnippet(ctx: CheckContext): string {
  return ctx.response.body.subarray(0, 640).toString("utf8").replace(/\s+/g, " ").trim();
}
