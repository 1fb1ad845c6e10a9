/** `contains`: the values at the pointer (or the array there) include each given value. */

import { valuesEqual } from "../compare.js";
import { listAt, type PointerRule } from "./rule.js";

/** The `contains` rule. */
export const containsRule: PointerRule = {
  key: "contains",
  run: (view) => {
    const raw = view.filler.value(view.check.contains);
    const want = Array.isArray(raw) ? raw : [raw];
    const values = listAt(view);
    if (!Array.isArray(values))
      return { ok: false, finding: { code: "pointer-not-list", value: values }, actual: values };
    const lacking = want.filter((w) => !values.some((v) => valuesEqual(w, v, view.lenient)));
    return lacking.length
      ? {
          ok: false,
          finding: { code: "contains-lacking", lacking, values },
          expected: want,
          actual: values,
        }
      : { ok: true, finding: { code: "contains-ok", expected: want } };
  },
};
