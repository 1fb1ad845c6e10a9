/** The pointer rules, in the order the engine tries them (the first member present decides). */
import { aboveRule } from "./above.js";
import { atLeastRule } from "./at-least.js";
import { containsRule } from "./contains.js";
import { countRule } from "./count.js";
import { equalsRule } from "./equals.js";
import { inRule } from "./in.js";
import { keysRule } from "./keys.js";
import { matchesRule } from "./matches.js";
import { memberOrderRule } from "./member-order.js";
import { hasRule, lacksRule } from "./members.js";
import { oneOfRule } from "./one-of.js";
import type { PointerRule } from "./rule.js";
import { sameMembersRule } from "./same-members.js";
import { sortedRule } from "./sorted.js";
import { typeRule } from "./type.js";

export type { PointerContext, PointerRule, PointerView, Verdict } from "./rule.js";

/** Every pointer rule. */
export const POINTER_RULES: readonly PointerRule[] = [
  equalsRule,
  oneOfRule,
  typeRule,
  countRule,
  atLeastRule,
  aboveRule,
  inRule,
  containsRule,
  hasRule,
  lacksRule,
  sameMembersRule,
  sortedRule,
  keysRule,
  memberOrderRule,
  matchesRule,
];
