/** `matches`: every value is a string matching the regular expression. */

import type { PointerRule } from "./rule.js";

/** The `matches` rule. */
export const matchesRule: PointerRule = {
  key: "matches",
  run: ({ check, matches, filler }) => {
    const pattern = filler.text(check.matches ?? "");
    let re: RegExp;
    try {
      re = new RegExp(pattern);
    } catch (e) {
      // The case's pattern, not the answer: set aside as the check's problem.
      filler.fail({ code: "pattern-invalid", pattern, detail: (e as Error).message });
      return { ok: false, finding: { code: "matches-wrong", value: undefined, pattern } };
    }
    const bad = matches.find((m) => typeof m.value !== "string" || !re.test(m.value));
    return bad
      ? {
          ok: false,
          finding: { code: "matches-wrong", value: bad.value, pattern: re.source },
          location: bad.pointer,
          actual: bad.value,
        }
      : { ok: true, finding: { code: "matches-ok", pattern: re.source } };
  },
};
