/** `oneOf`: every value equals one of the listed values. */

import { valuesEqual } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `oneOf` rule. */
export const oneOfRule: PointerRule = {
  key: "oneOf",
  run: ({ check, matches, lenient, filler }) => {
    const options = (check.oneOf ?? []).map((o) => filler.value(o));
    const bad = matches.find((m) => !options.some((o) => valuesEqual(o, m.value, lenient)));
    return bad
      ? {
          ok: false,
          finding: { code: "one-of-wrong", value: bad.value, options },
          location: bad.pointer,
          expected: options,
          actual: bad.value,
        }
      : { ok: true, finding: { code: "one-of-ok" } };
  },
};
