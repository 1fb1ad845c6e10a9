/**
 * The no-500 check: the status is not 5xx (§7.1 and §7.2 reserve 500 for the service's own
 * errors, P-ERR-3). It fails on a 5xx only, so a case that also expects an exact status (400 for
 * a garbage body) reports any other wrong status under that status's clause, never as a 500.
 */
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";
import { bodySnippet } from "./status.js";

/** True for a 5xx status. */
function isServerError(status: number): boolean {
  return status >= 500 && status <= 599;
}

/** Checks `expect.noServerError`. */
export function checkNoServerError(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  const rule = expect.noServerError;
  if (rule === undefined) return [];
  const status = ctx.response.status;
  const ok = !isServerError(status);
  return [
    result(ctx, {
      check: "no server error",
      ok,
      statement: rule === true ? undefined : rule.statement,
      expected: "not 5xx",
      actual: status,
      finding: ok
        ? { code: "no-server-error-ok", status }
        : { code: "server-error", status, body: bodySnippet(ctx) },
    }),
  ];
}
