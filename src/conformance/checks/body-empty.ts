/** A successful write or delete answers with an empty body (P-DATA-2, a writers' rule). */
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";

/** Checks `expect.bodyEmpty`: no body bytes, and `Content-Length: 0` when the length is sent. */
export function checkBodyEmpty(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.bodyEmpty) return [];
  const n = ctx.response.body.length;
  const cl = ctx.response.headers["content-length"];
  const ok = n === 0 && (cl === undefined || cl === "0");
  return [
    result(ctx, {
      check: "empty body",
      ok,
      expected: 0,
      actual: n,
      finding: ok
        ? { code: "body-empty-ok" }
        : { code: "body-not-empty", bytes: n, contentLength: cl },
    }),
  ];
}
