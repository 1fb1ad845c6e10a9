/**
 * `count`: the size of the array or object at the pointer (with `*`, the number of matches):
 * a number, `{min, max}`, or a placeholder giving a number or a list (its length).
 */

import { fill } from "../../request/template.js";
import { show } from "../compare.js";
import { type PointerRule, sizeOf } from "./rule.js";

type Bounds = { min?: number; max?: number };

/** The `count` rule. */
export const countRule: PointerRule = {
  key: "count",
  run: ({ check, matches, wild, template }) => {
    const first = matches[0]?.value;
    const size = wild ? matches.length : sizeOf(first);
    if (size === undefined)
      return {
        ok: false,
        message: `${show(first)} is neither an array nor an object`,
        actual: first,
      };
    const filled = typeof check.count === "string" ? fill(check.count, template) : check.count;
    const spec: number | Bounds = Array.isArray(filled)
      ? filled.length
      : filled !== null && typeof filled === "object"
        ? (filled as Bounds)
        : Number(filled);
    if (typeof spec === "number")
      return size === spec
        ? { ok: true, message: `count ${size}` }
        : { ok: false, message: `count ${size}, expected ${spec}`, expected: spec, actual: size };
    const ok =
      (spec.min === undefined || size >= spec.min) && (spec.max === undefined || size <= spec.max);
    return ok
      ? { ok: true, message: `count ${size}` }
      : {
          ok: false,
          message: `count ${size}, expected ${show(spec)}`,
          expected: spec,
          actual: size,
        };
  },
};
