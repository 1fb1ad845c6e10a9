/**
 * `expect.when`: the answers a step's checks apply to. A check a permission only the profile
 * grants would decide (reading a friend's `@self`: if the answer is 200, then `isViewer` is
 * false), or a representation a core request cannot select (the Atom form, §4.3: "Way to
 * choose between JSON and Atom: not shown"), applies only to an answer with that status and in
 * that representation; any other answer passes the step's other checks as not applicable. The
 * status and no-500 checks always apply.
 */
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "../run/results.js";
import { type CheckContext, result } from "./context.js";
import { served } from "./format-selection.js";

/** True when the answer is one `expect.when` names (or the step names none). */
export function whenHolds(expect: ExpectSpec, ctx: CheckContext): boolean {
  const when = expect.when;
  if (when === undefined) return true;
  if (when.status !== undefined) {
    const statuses = Array.isArray(when.status) ? when.status : [when.status];
    if (!statuses.includes(ctx.response.status)) return false;
  }
  return when.representation === undefined || served(ctx) === when.representation;
}

/** The passing record of a step whose `when` the answer does not meet. */
export function whenUnmet(ctx: CheckContext): CheckResult {
  return result(ctx, {
    check: "when",
    ok: true,
    finding: {
      code: "when-unmet",
      status: ctx.response.status,
      representation: served(ctx) ?? "neither",
    },
  });
}
