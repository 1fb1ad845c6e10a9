/** `sorted`: the list is in code point order of its values' text (P-PAGE-3). */
import { codePointCompare } from "../../../model/code-point-order.js";
import { listAt, type PointerRule } from "./rule.js";

/** The `sorted` rule. */
export const sortedRule: PointerRule = {
  key: "sorted",
  run: (view) => {
    const seq = listAt(view);
    if (!Array.isArray(seq))
      return { ok: false, finding: { code: "pointer-not-list", value: seq } };
    for (let i = 1; i < seq.length; i++) {
      const a = String(seq[i - 1]);
      const b = String(seq[i]);
      if (codePointCompare(a, b) > 0)
        return {
          ok: false,
          finding: { code: "sorted-wrong", before: a, after: b },
          actual: seq,
        };
    }
    return { ok: true, finding: { code: "sorted-ok" } };
  },
};
