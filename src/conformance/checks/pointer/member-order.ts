/**
 * `memberOrder`: the children of the Atom data element at the pointer (a person, album or photo)
 * come in the order of the same server's JSON members (P-FMT-7: one child per JSON member, in
 * the JSON order). The case captures the JSON object (or lists names) and names it here. Only
 * the names both forms hold are compared, each at its first place: an extension member in one
 * form and not the other is passed over, as readers pass it over, and which members are
 * present is the JSON-Atom comparisons' business. Fewer than two shared names order nothing and
 * fail (no vacuous pass). The order is read from the document (checks/key-order.ts).
 */

import type { PointerRule } from "./rule.js";

/** Member names of a captured JSON object, or a list of names; undefined for anything else. */
function namesOf(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return v.every((x) => typeof x === "string") ? v : undefined;
  if (v !== null && typeof v === "object") return Object.keys(v);
  return undefined;
}

/** `names` reduced to those in `among`, each once, at its first place. */
function shared(names: readonly string[], among: ReadonlySet<string>): string[] {
  return [...new Set(names)].filter((n) => among.has(n));
}

/** The `memberOrder` rule. */
export const memberOrderRule: PointerRule = {
  key: "memberOrder",
  run: ({ check, matches, filler, ctx }) => {
    const want = namesOf(filler.value(check.memberOrder));
    if (!ctx.textOrder || want === undefined)
      return { ok: false, finding: { code: "member-order-unusable" } };
    const have = ctx.textOrder().get(matches[0]?.pointer ?? "") ?? [];
    const expected = shared(want, new Set(have));
    const actual = shared(have, new Set(want));
    const ok = expected.length >= 2 && expected.every((n, i) => actual[i] === n);
    return ok
      ? { ok: true, finding: { code: "member-order-ok", names: actual } }
      : {
          ok: false,
          finding: { code: "member-order-wrong", names: actual, expected },
          expected,
          actual,
        };
  },
};
