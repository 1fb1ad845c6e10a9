/**
 * `sameMembers`: the value at the pointer carries the expected one (usually the JSON form of
 * the same answer, captured) member by member, whatever members are present (§2.6: an optional
 * field named in `fields` is present only where the person has it). A member the documents name
 * is in both or in neither, with equal values; a member they do not name (an extension) on one
 * side only is no difference, as `diff` reads it; inside an address (§2.6 does not show its
 * structure) every scalar member is data and counts. An empty list and no member are the same:
 * the Atom form writes a list as one element per item (P-FMT-7), so an empty one leaves no trace.
 */
import { type Difference, firstDifference, KNOWN_MEMBERS } from "../difference.js";
import { absentPagingClause } from "../paging-clause.js";
import { listAt, type PointerRule, type PointerView } from "./rule.js";

/** True for a member a reader ignores when one form has it and the other not. */
function extension(name: string, pointer: string): boolean {
  return !KNOWN_MEMBERS.has(name) && !/\/addresses\/[0-9]+\//.test(pointer);
}

const isStructured = (v: unknown): boolean => v !== null && typeof v === "object";

/**
 * `v` as the two forms can both say it: without members whose value is an empty list (no
 * element per item), and without an address's structured members (P-FMT-7.7 writes an address
 * as one child per scalar member: an object or list inside one is an extension with no Atom
 * form), at any depth.
 */
function comparable(v: unknown, inAddress = false): unknown {
  if (Array.isArray(v)) return v.map((x) => comparable(x));
  if (!isStructured(v)) return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter(([, m]) => !(Array.isArray(m) && m.length === 0) && !(inAddress && isStructured(m)))
      .map(([k, m]) => [
        k,
        k === "addresses" && Array.isArray(m) ? m.map((a) => comparable(a, true)) : comparable(m),
      ]),
  );
}

/** The `sameMembers` rule. */
export const sameMembersRule: PointerRule = {
  key: "sameMembers",
  run: (view) => {
    const want = view.filler.value(view.check.sameMembers);
    const got = view.wild ? listAt(view) : view.matches[0]?.value;
    const d: Difference | undefined = firstDifference(comparable(want), comparable(got), {
      lenient: view.lenient,
      ignoreExtra: extension,
      bothWays: true,
    });
    if (!d) return { ok: true, finding: { code: "same-members-ok" } };
    const at = `${view.wild ? view.pointer : (view.matches[0]?.pointer ?? view.pointer)}${d.pointer}`;
    return {
      ok: false,
      finding: { code: "same-members-wrong", at, value: d.actual, expected: d.expected },
      location: at,
      expected: d.expected,
      actual: d.actual,
      statement: pagingGap(view, want, got, d),
    };
  },
};

/**
 * The paging clause broken when the two whole documents (a list or a single person) differ by
 * a `startIndex` or `totalResults` that one of them lacks: the side without it breaks its own form's clause
 * (paging-clause.ts), not the agreement of the two forms. The expected value is the JSON form
 * (a capture of the JSON answer to the same URL, as the rule is used); the document at the
 * pointer is JSON or the Atom body decoded. Undefined for any other difference.
 */
function pagingGap(
  view: PointerView,
  want: unknown,
  got: unknown,
  d: Difference,
): string | undefined {
  if (view.wild || view.pointer !== "") return undefined;
  const { url } = view.ctx;
  if (d.expected === undefined) return absentPagingClause(want, d.pointer, "json", url);
  if (d.actual === undefined)
    return absentPagingClause(got, d.pointer, view.atom ? "atom" : "json", url);
  return undefined;
}
