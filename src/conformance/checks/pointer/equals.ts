/**
 * `equals`: every value equals the expected one; with `*` and a list, the sequence equals it.
 * With `allowEmpty`, `*` over an empty list passes (there is no value to differ).
 */

import { valuesEqual } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `equals` rule. */
export const equalsRule: PointerRule = {
  key: "equals",
  run: ({ check, matches, wild, lenient, filler }) => {
    const want = filler.value(check.equals);
    if (wild && Array.isArray(want)) {
      const seq = matches.map((m) => m.value);
      return valuesEqual(want, seq, lenient)
        ? { ok: true, finding: { code: "equals-ok", expected: want } }
        : {
            ok: false,
            finding: { code: "equals-wrong", value: seq, expected: want },
            expected: want,
            actual: seq,
          };
    }
    // Nothing to compare: a failure, unless the check lets `*` meet an empty list.
    if (matches.length === 0)
      return check.allowEmpty
        ? { ok: true, finding: { code: "equals-ok", expected: want } }
        : { ok: false, finding: { code: "equals-none", expected: want }, expected: want };
    const bad = matches.find((m) => !valuesEqual(want, m.value, lenient));
    return bad
      ? {
          ok: false,
          finding: { code: "equals-wrong", value: bad.value, expected: want },
          location: bad.pointer,
          expected: want,
          actual: bad.value,
        }
      : { ok: true, finding: { code: "equals-ok", expected: want } };
  },
};
