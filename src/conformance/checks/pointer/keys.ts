/**
 * `keys`: the object's member names, in this order. For a JSON body the order is read from the
 * text (JSON.parse moves integer-like names first; P-FMT-3 says they are no exception).
 */
import { show, valuesEqual } from "../../compare.js";
import { fill } from "../../template.js";
import type { PointerRule } from "./rule.js";

/** The `keys` rule. */
export const keysRule: PointerRule = {
  key: "keys",
  run: ({ check, matches, template, ctx }) => {
    const want = fill(check.keys, template);
    const first = matches[0];
    const v = first?.value;
    const have =
      v !== null && typeof v === "object" && !Array.isArray(v)
        ? (ctx.textOrder?.().get(first?.pointer ?? "") ?? Object.keys(v))
        : undefined;
    return have !== undefined && valuesEqual(want, have, false)
      ? { ok: true, message: `keys ${show(have)}` }
      : {
          ok: false,
          message: `keys ${show(have)}, expected ${show(want)}`,
          expected: want,
          actual: have,
        };
  },
};
