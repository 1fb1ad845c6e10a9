/**
 * The error body check (P-ERR-1): `{"error":{"code":<status>,"message":"…"}}` as JSON whatever
 * format was asked for. Decodes the body as JSON itself, since an Atom request still gets JSON.
 * A code written as its string rendering (`"403"`) breaks P-FMT-6.3, the rule it breaks, not P-ERR-1.
 * An answer that is not an error (status below 400) owes no error body: the status check names
 * what went wrong, and P-ERR-1 is not blamed for it.
 */

import { issuesOf } from "../../model/issue.js";
import { validate } from "../../schemas/validate.js";
import { JSON_MEDIA_TYPE, mediaTypeOf } from "../../wire/media-type.js";
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import { WRITERS_TYPE_STATEMENT } from "./compare.js";
import { type CheckContext, result } from "./context.js";
import { parseJsonAnswer } from "./json-answer.js";
import { renderingFinding } from "./schema.js";

/** Checks `expect.errorBody`. */
export function checkErrorBody(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.errorBody || ctx.response.status < 400) return [];
  const statement = "P-ERR-1.1";
  const type = mediaTypeOf(ctx.response.headers["content-type"]);
  const out: CheckResult[] = [
    result(ctx, {
      check: "error content-type",
      ok: type === JSON_MEDIA_TYPE,
      statement,
      expected: JSON_MEDIA_TYPE,
      actual: ctx.response.headers["content-type"],
      finding: { code: "error-content-type", contentType: ctx.response.headers["content-type"] },
    }),
  ];
  const parsed = parseJsonAnswer(ctx.text(), ctx.response.body, 32);
  if (!parsed.ok) {
    out.push(
      result(ctx, {
        check: "error body",
        ok: false,
        statement,
        finding: { code: "error-body-not-json", detail: parsed.issues[0]?.message },
      }),
    );
    return out;
  }
  const all = issuesOf(validate("error", parsed.value, { mode: "strict" }));
  const code = (parsed.value as { error?: { code?: unknown } }).error?.code;
  // The status as a string: P-FMT-6.3 (writers write the declared type), reported once, below.
  const rendered = typeof code === "string" && code === String(ctx.response.status);
  const issues = all.filter((i) => !(rendered && i.pointer === "/error/code"));
  out.push(
    result(ctx, {
      check: "error body",
      ok: issues.length === 0,
      statement,
      finding:
        issues.length === 0
          ? { code: "error-body-ok" }
          : {
              code: "error-body-invalid",
              issues: issues.map((i) => ({ pointer: i.pointer, message: i.message })),
            },
    }),
  );
  out.push(
    result(ctx, {
      check: "error code",
      ok: code === ctx.response.status,
      statement: rendered ? WRITERS_TYPE_STATEMENT : statement,
      location: "/error/code",
      // No expected/actual pair: beside a failed status check, "expected <this status>" would
      // read as the opposite of it. The words say what is compared; the response shows both.
      finding: rendered
        ? renderingFinding({ pointer: "/error/code" }, code)
        : { code: "error-code", errorCode: code, status: ctx.response.status },
    }),
  );
  return out;
}
