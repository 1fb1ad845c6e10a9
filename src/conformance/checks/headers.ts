/** Header checks: equals, present, absent, includes (comma list, e.g. `Allow`), matches. */
import type { ExpectSpec } from "../case-types.js";
import { fillText } from "../request/template.js";
import type { CheckResult } from "../run/results.js";
import { type CheckContext, result } from "./context.js";

/** Checks `expect.headers`. */
export function checkHeaders(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  const out: CheckResult[] = [];
  for (const [rawName, spec] of Object.entries(expect.headers ?? {})) {
    const name = rawName.toLowerCase();
    const actual = ctx.response.headers[name];
    const add = (ok: boolean, expected: unknown, message: string) =>
      out.push(
        result(ctx, {
          check: `header ${rawName}`,
          ok,
          location: rawName,
          expected,
          actual,
          message,
          statement: spec.statement,
        }),
      );
    if (spec.absent)
      add(
        actual === undefined,
        "(absent)",
        actual === undefined ? `${rawName} absent` : `${rawName} present: ${actual}`,
      );
    if (spec.present)
      add(
        actual !== undefined,
        "(present)",
        actual !== undefined ? `${rawName} present` : `${rawName} missing`,
      );
    if (spec.equals !== undefined) {
      const want = fillText(spec.equals, ctx.template);
      add(
        actual === want,
        want,
        `${rawName}: ${JSON.stringify(actual)}, expected ${JSON.stringify(want)}`,
      );
    }
    if (spec.includes) {
      const tokens = (actual ?? "").split(",").map((t) => t.trim().toUpperCase());
      const lacking = spec.includes.filter((t) => !tokens.includes(t.toUpperCase()));
      add(
        actual !== undefined && lacking.length === 0,
        spec.includes,
        lacking.length
          ? `${rawName} ${JSON.stringify(actual)} lacks ${lacking.join(", ")}`
          : `${rawName} includes ${spec.includes.join(", ")}`,
      );
    }
    if (spec.matches !== undefined) {
      const ok = actual !== undefined && new RegExp(spec.matches).test(actual);
      add(
        ok,
        spec.matches,
        `${rawName} ${JSON.stringify(actual)} ${ok ? "matches" : "does not match"} /${spec.matches}/`,
      );
    }
  }
  return out;
}
