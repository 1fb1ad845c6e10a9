/**
 * The body must not contain given text (e.g. P-ERR-1: errors never echo OAuth parameters or
 * secrets), in any form it takes: as written, in its wire forms (percent-encoded once, as in a
 * signing key, or twice, as in a base string), and with the body's escapes undone (a JSON
 * `\/` or `\u00e9`, an XML character reference, read from the decoded body).
 */
import type { ExpectSpec } from "../case-types.js";
import { wireForms } from "../request/redact.js";
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
  let strings: string | undefined;
  /** The decoded body's strings (JSON, or Atom where the step decodes it), escapes undone. */
  const decodedStrings = (): string => {
    if (strings === undefined) {
      const decoded = ctx.decoded();
      strings = decoded.ok ? stringsOf(decoded.value, []).join("\n") : "";
    }
    return strings;
  };
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
    const expected = `no ${JSON.stringify(needle)}`;
    for (const form of wireForms(needle)) {
      const at = ctx.text().indexOf(form);
      if (at >= 0)
        return result(ctx, {
          check: "body excludes",
          ok: false,
          expected,
          finding: { code: "body-excludes-found", needle: form, offset: at },
        });
    }
    const escaped = decodedStrings().includes(needle);
    return result(ctx, {
      check: "body excludes",
      ok: !escaped,
      expected,
      finding: escaped
        ? { code: "body-excludes-found-escaped", needle }
        : { code: "body-excludes-ok", needle },
    });
  });
}

/** Every member name and string value of `value`, one per line. */
function stringsOf(value: unknown, out: string[]): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out);
    }
  return out;
}
