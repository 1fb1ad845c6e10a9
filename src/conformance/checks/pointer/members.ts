/**
 * `has` (the object has these members with these values; others may exist, at any depth: an
 * object inside carries its members with others beside them, a list has as many items, each
 * carrying its own) and `lacks` (the object has none of these members). Extra members are
 * always allowed (a correct server may add members: scripts/mutants/json-variants.ts).
 */
import { childPointer } from "../../../model/json-pointer.js";
import { type Leniency, valuesEqual } from "../compare.js";
import type { PointerRule, PointerView, Verdict } from "./rule.js";

function objectAt(view: PointerView): Record<string, unknown> | Verdict {
  const v = view.matches[0]?.value;
  if (v === null || typeof v !== "object" || Array.isArray(v))
    return { ok: false, finding: { code: "pointer-not-object", value: v }, actual: v };
  return v as Record<string, unknown>;
}

/** True when `got` carries `want`: its members (others may exist) and items, at any depth. */
function carries(want: unknown, got: unknown, lenient: Leniency): boolean {
  if (Array.isArray(want))
    return (
      Array.isArray(got) &&
      got.length === want.length &&
      want.every((w, i) => carries(w, got[i], lenient))
    );
  if (want !== null && typeof want === "object") {
    if (got === null || typeof got !== "object" || Array.isArray(got)) return false;
    const g = got as Record<string, unknown>;
    return Object.entries(want).every(([k, w]) => Object.hasOwn(g, k) && carries(w, g[k], lenient));
  }
  return valuesEqual(want, got, lenient);
}

function isVerdict(x: unknown): x is Verdict {
  return typeof (x as Verdict).ok === "boolean" && typeof (x as Verdict).finding === "object";
}

/** The `has` rule. */
export const hasRule: PointerRule = {
  key: "has",
  run: (view) => {
    const obj = objectAt(view);
    if (isVerdict(obj)) return obj;
    const want = view.filler.value(view.check.has);
    if (want === null || typeof want !== "object")
      return { ok: false, finding: { code: "has-not-object", got: want } };
    const bad = Object.entries(want).find(
      ([k, w]) => !Object.hasOwn(obj, k) || !carries(w, obj[k], view.lenient),
    );
    return bad
      ? {
          ok: false,
          finding: { code: "has-wrong", member: bad[0], value: obj[bad[0]], expected: bad[1] },
          location: childPointer(view.pointer, bad[0]),
          expected: bad[1],
          actual: obj[bad[0]],
        }
      : { ok: true, finding: { code: "has-ok", count: Object.keys(want).length } };
  },
};

/** The `lacks` rule. */
export const lacksRule: PointerRule = {
  key: "lacks",
  run: (view) => {
    const obj = objectAt(view);
    if (isVerdict(obj)) return obj;
    const lacks = view.filler.value(view.check.lacks);
    if (!Array.isArray(lacks))
      return { ok: false, finding: { code: "lacks-not-list", got: lacks } };
    const present = lacks.filter((k) => Object.hasOwn(obj, String(k)));
    return present.length
      ? {
          ok: false,
          finding: { code: "lacks-present", present },
          expected: lacks,
          actual: present,
        }
      : { ok: true, finding: { code: "lacks-ok", lacks } };
  },
};
