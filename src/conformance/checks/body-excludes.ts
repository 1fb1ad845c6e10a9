/** The body must not contain given text (e.g. P-ERR-1: errors never echo OAuth parameters). */
import type { ExpectSpec } from "../case-types.js";
import { fillText } from "../request/template.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";

/** Checks `expect.bodyExcludes`. */
export function checkBodyExcludes(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  return (expect.bodyExcludes ?? []).map((raw) => {
    const filled = fillText(raw, ctx.template);
    if (!filled.ok)
      return result(ctx, {
        check: "body excludes",
        ok: false,
        finding: { code: "placeholder-unfilled", problem: filled.problem },
      });
    const needle = filled.value;
    const at = ctx.text().indexOf(needle);
    return result(ctx, {
      check: "body excludes",
      ok: at < 0,
      expected: `no ${JSON.stringify(needle)}`,
      finding:
        at < 0
          ? { code: "body-excludes-ok", needle }
          : { code: "body-excludes-found", needle, offset: at },
    });
  });
}
