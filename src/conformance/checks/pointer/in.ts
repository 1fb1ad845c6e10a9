/** `in`: every value (or every element of the array at the pointer) is among a list. */

import { valuesEqual } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `in` rule. */
export const inRule: PointerRule = {
  key: "in",
  run: ({ check, matches, wild, lenient, filler }) => {
    const list = filler.value(check.in);
    if (!Array.isArray(list)) return { ok: false, finding: { code: "in-not-list", got: list } };
    const values = matches.flatMap((m) => (Array.isArray(m.value) && !wild ? m.value : [m.value]));
    const bad = values.find((v) => !list.some((o) => valuesEqual(o, v, lenient)));
    return bad !== undefined
      ? {
          ok: false,
          finding: { code: "in-wrong", value: bad, list },
          expected: list,
          actual: bad,
        }
      : { ok: true, finding: { code: "in-ok", count: values.length } };
  },
};
