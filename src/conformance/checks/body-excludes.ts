/** The body must not contain given text (e.g. P-ERR-1: errors never echo OAuth parameters). */
import type { ExpectSpec } from "../case-types.js";
import { fillText } from "../request/template.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";

/**
 * The shortest text looked for. A text the body must not hold is a value the server must not
 * echo (a signature, a nonce, a consumer secret); one shorter than this (a secret such as `K-`)
 * would be found in a correct server's own words by chance, so it is not looked for, and the
 * report says so.
 */
export const MIN_EXCLUDED_LENGTH = 8;

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
    if (needle.length < MIN_EXCLUDED_LENGTH)
      return result(ctx, {
        check: "body excludes",
        ok: true,
        finding: { code: "body-excludes-too-short", length: needle.length },
      });
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
