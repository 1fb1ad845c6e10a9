/** The status check: the response status is the one (or one of those) the case expects. */
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "../run/results.js";
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
      message: ok
        ? `status ${actual}`
        : `status ${actual}, expected ${allowed.join(" or ")}${snippet(ctx)}`,
    }),
  ];
}

/**
 * The start of the body for a failure message, decoded from the first bytes only: a slice of
 * the whole text would keep the whole (up to 4 MiB) body alive in the report.
 */
function snippet(ctx: CheckContext): string {
  const t = ctx.response.body.subarray(0, 640).toString("utf8").replace(/\s+/g, " ").trim();
  return t === "" ? "" : ` (body: ${t.length > 160 ? `${t.slice(0, 157)}...` : t})`;
}
