/**
 * Header checks: equals (a `Content-Type` as a media type), present, absent, includes (comma
 * list, e.g. `Allow`), matches; with `orAbsent` the header may be missing, and only when it is
 * sent do the others apply (a HEAD's Content-Length, RFC 9110 §8.6).
 */
import { listTokens } from "../../wire/header-list.js";
import { sameMediaType } from "../../wire/media-type.js";
import type { ExpectSpec } from "../case-types.js";
import { fillText } from "../request/template.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";
import type { Finding } from "./finding-codes.js";

/**
 * Whether a header as sent equals the value wanted: a `Content-Type` as a media type (RFC 9110
 * §8.3.1: `APPLICATION/JSON;CHARSET="UTF-8"` is GET's `application/json; charset=utf-8`, so the
 * same header field a HEAD gives, P-ERR-2.3), any other as written.
 */
function same(name: string, actual: string | undefined, want: string): boolean {
  if (name === "content-type" && actual !== undefined) return sameMediaType(actual, want);
  return actual === want;
}

/** Checks `expect.headers`. */
export function checkHeaders(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  const out: CheckResult[] = [];
  for (const [rawName, spec] of Object.entries(expect.headers ?? {})) {
    const name = rawName.toLowerCase();
    const actual = ctx.response.headers[name];
    const add = (ok: boolean, expected: unknown, finding: Finding) =>
      out.push(
        result(ctx, {
          check: `header ${rawName}`,
          ok,
          location: rawName,
          expected,
          actual,
          finding,
          statement: spec.statement,
        }),
      );
    if (spec.orAbsent && actual === undefined) {
      add(true, "(absent, or as below)", { code: "header-absent-ok", name: rawName });
      continue;
    }
    if (spec.absent)
      add(
        actual === undefined,
        "(absent)",
        actual === undefined
          ? { code: "header-absent-ok", name: rawName }
          : { code: "header-absent-wrong", name: rawName, value: actual },
      );
    if (spec.present)
      add(
        actual !== undefined,
        "(present)",
        actual !== undefined
          ? { code: "header-present-ok", name: rawName }
          : { code: "header-present-wrong", name: rawName },
      );
    if (spec.equals !== undefined) {
      const want = fillText(spec.equals, ctx.template);
      if (!want.ok)
        add(false, spec.equals, { code: "placeholder-unfilled", problem: want.problem });
      else
        add(same(name, actual, want.value), want.value, {
          code: "header-equals",
          name: rawName,
          value: actual,
          expected: want.value,
        });
    }
    if (spec.includes) {
      const tokens = listTokens(actual);
      const lacking = spec.includes.filter((t) => !tokens.includes(t));
      add(
        actual !== undefined && lacking.length === 0,
        spec.includes,
        lacking.length
          ? { code: "header-includes-lacking", name: rawName, value: actual, lacking }
          : { code: "header-includes-ok", name: rawName, tokens: spec.includes },
      );
    }
    if (spec.matches !== undefined) {
      const ok = actual !== undefined && new RegExp(spec.matches).test(actual);
      add(ok, spec.matches, {
        code: ok ? "header-matches-ok" : "header-matches-wrong",
        name: rawName,
        value: actual,
        pattern: spec.matches,
      });
    }
  }
  return out;
}
