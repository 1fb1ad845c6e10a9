/** `matches`: every value is a string matching the regular expression. */

import { fillText } from "../../request/template.js";

import type { PointerRule } from "./rule.js";

/** The `matches` rule. */
export const matchesRule: PointerRule = {
  key: "matches",
  run: ({ check, matches, template }) => {
    const re = new RegExp(fillText(check.matches ?? "", template));
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
