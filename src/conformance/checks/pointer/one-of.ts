/** `oneOf`: every value equals one of the listed values. */

import { fill } from "../../request/template.js";
import { valuesEqual } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `oneOf` rule. */
export const oneOfRule: PointerRule = {
  key: "oneOf",
  run: ({ check, matches, lenient, template }) => {
    const options = (check.oneOf ?? []).map((o) => fill(o, template));
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
