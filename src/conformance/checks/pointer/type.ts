/** `type`: every value has one of the JSON types (leniently in core: numeric strings, "true"). */
import { hasType } from "../compare.js";
import type { PointerRule } from "./rule.js";

/** The `type` rule. */
export const typeRule: PointerRule = {
  key: "type",
  run: ({ check, matches, lenient }) => {
    const types = Array.isArray(check.type) ? check.type : [check.type ?? ""];
    const bad = matches.find((m) => !types.some((t) => hasType(m.value, t, lenient)));
    return bad
      ? {
          ok: false,
          finding: { code: "type-wrong", value: bad.value, types, strict: !lenient },
          location: bad.pointer,
          expected: types,
          actual: bad.value,
        }
      : { ok: true, finding: { code: "type-ok", types } };
  },
};
