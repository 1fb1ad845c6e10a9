/**
 * What `atLeast` and `above` share: the bound (a number, or a placeholder giving a number, a
 * numeric string or a list, its length) and the reading of every value at the pointer as a
 * number (a numeric string too at core, as the readers read §2's renderings). Each rule file
 * names its comparison and its finding codes.
 */

import { numberOf } from "../compare.js";
import type { PointerRule, PointerView, Verdict } from "./rule.js";

/** The bound a check names, as a number, or undefined when it gives none (a case error). */
function boundOf(spec: unknown, view: PointerView): number | undefined {
  const filled = typeof spec === "string" ? view.filler.value(spec) : spec;
  if (Array.isArray(filled)) return filled.length;
  return numberOf(filled, true);
}

/** A numeric comparison rule: `holds(value, bound)` for every value at the pointer. */
export function numberBoundRule(
  key: "atLeast" | "above",
  holds: (value: number, bound: number) => boolean,
  codes: { ok: "at-least-ok" | "above-ok"; wrong: "at-least-wrong" | "above-wrong" },
): PointerRule {
  return {
    key,
    run: (view): Verdict => {
      const bound = boundOf(view.check[key], view);
      if (bound === undefined)
        return {
          ok: false,
          finding: {
            code: "bound-not-number",
            rule: key,
            bound: view.filler.value(view.check[key]),
          },
        };
      const bad = view.matches.find((m) => {
        const n = numberOf(m.value, view.lenient);
        return n === undefined || !holds(n, bound);
      });
      return bad
        ? {
            ok: false,
            finding: { code: codes.wrong, value: bad.value, bound },
            location: bad.pointer,
            expected: bound,
            actual: bad.value,
          }
        : { ok: true, finding: { code: codes.ok, bound } };
    },
  };
}
