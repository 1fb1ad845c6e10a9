/** `in`: every value (or every element of the array at the pointer) is among a list. */

import { fill } from "../../request/template.js";
import { show, valuesEqual } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `in` rule. */
export const inRule: PointerRule = {
  key: "in",
  run: ({ check, matches, wild, lenient, template }) => {
    const list = fill(check.in, template);
    if (!Array.isArray(list)) return { ok: false, message: `"in" needs a list, got ${show(list)}` };
    const values = matches.flatMap((m) => (Array.isArray(m.value) && !wild ? m.value : [m.value]));
    const bad = values.find((v) => !list.some((o) => valuesEqual(o, v, lenient)));
    return bad !== undefined
      ? {
          ok: false,
          message: `${show(bad)} is not among ${show(list)}`,
          expected: list,
          actual: bad,
        }
      : { ok: true, message: `all ${values.length} values among the allowed` };
  },
};
