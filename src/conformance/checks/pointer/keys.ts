/**
 * `keys`: an Atom application-data record's keys, in this order (P-FMT-3: the order is a promise
 * of the Atom form only; JSON member order carries no meaning at any level, so a `keys` check on
 * a JSON body fails as a case error). The order is read from the document (decoded objects move
 * integer-like names first; P-FMT-3 says they are no exception).
 */

import { valuesEqual } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `keys` rule. */
export const keysRule: PointerRule = {
  key: "keys",
  run: ({ check, matches, filler, ctx }) => {
    const want = filler.value(check.keys);
    if (!ctx.textOrder)
      return {
        ok: false,
        finding: { code: "keys-not-atom" },
      };
    const first = matches[0];
    const v = first?.value;
    const have =
      v !== null && typeof v === "object" && !Array.isArray(v)
        ? ctx.textOrder().get(first?.pointer ?? "")
        : undefined;
    return have !== undefined && valuesEqual(want, have, false)
      ? { ok: true, finding: { code: "keys-ok", keys: have } }
      : {
          ok: false,
          finding: { code: "keys-wrong", keys: have, expected: want },
          expected: want,
          actual: have,
        };
  },
};
