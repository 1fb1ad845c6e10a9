/**
 * `count`: the size of the array or object at the pointer (with `*`, the number of matches):
 * a number, `{min, max}`, or a placeholder giving a number or a list (its length).
 */

import { type Bounds, type PointerRule, sizeOf } from "./rule.js";

/** The `count` rule. */
export const countRule: PointerRule = {
  key: "count",
  run: ({ check, matches, wild, filler }) => {
    const first = matches[0]?.value;
    const size = wild ? matches.length : sizeOf(first);
    if (size === undefined)
      return {
        ok: false,
        finding: { code: "count-not-container", value: first },
        actual: first,
      };
    const filled = typeof check.count === "string" ? filler.value(check.count) : check.count;
    const spec: number | Bounds = Array.isArray(filled)
      ? filled.length
      : filled !== null && typeof filled === "object"
        ? (filled as Bounds)
        : Number(filled);
    if (typeof spec === "number")
      return size === spec
        ? { ok: true, finding: { code: "count-ok", size } }
        : {
            ok: false,
            finding: { code: "count-wrong", size, expected: spec },
            expected: spec,
            actual: size,
          };
    const ok =
      (spec.min === undefined || size >= spec.min) && (spec.max === undefined || size <= spec.max);
    return ok
      ? { ok: true, finding: { code: "count-ok", size } }
      : {
          ok: false,
          finding: { code: "count-wrong", size, expected: spec },
          expected: spec,
          actual: size,
        };
  },
};
