/** `equals`: every value equals the expected one; with `*` and a list, the sequence equals it. */

import { fill } from "../../request/template.js";
import { show, valuesEqual } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `equals` rule. */
export const equalsRule: PointerRule = {
  key: "equals",
  run: ({ check, matches, wild, lenient, template }) => {
    const want = fill(check.equals, template);
    if (wild && Array.isArray(want)) {
      const seq = matches.map((m) => m.value);
      return valuesEqual(want, seq, lenient)
        ? { ok: true, message: `equals ${show(want)}` }
        : {
            ok: false,
            message: `${show(seq)}, expected ${show(want)}`,
            expected: want,
            actual: seq,
          };
    }
    if (matches.length === 0)
      return { ok: false, message: `no values, expected ${show(want)}`, expected: want };
    const bad = matches.find((m) => !valuesEqual(want, m.value, lenient));
    return bad
      ? {
          ok: false,
          message: `${show(bad.value)}, expected ${show(want)}`,
          location: bad.pointer,
          expected: want,
          actual: bad.value,
        }
      : { ok: true, message: `equals ${show(want)}` };
  },
};
