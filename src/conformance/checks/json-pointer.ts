/**
 * JSON-pointer checks on the decoded body: equals, oneOf, absent, present, type, count, in,
 * contains, has, lacks, sorted, keys, matches. Core cases compare leniently (numeric strings, "true"/"false"), profile
 * cases strictly, unless a check says `strict`.
 */
import type { ExpectSpec, PointerCheck } from "../case-types.js";
import { codePointCompare, hasType, show, valuesEqual } from "../compare.js";
import { evaluatePointer, hasWildcard, type Located } from "../pointer.js";
import type { CheckResult } from "../results.js";
import { fill, fillText } from "../template.js";
import { type CheckContext, result } from "./context.js";

/** Checks `expect.json`. */
export function checkJsonPointers(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.json || expect.json.length === 0) return [];
  const body = ctx.decoded();
  if (!body.ok) {
    return [
      result(ctx, { check: "body", ok: false, location: body.location, message: body.message }),
    ];
  }
  const tctx = { ...ctx.template, body: body.value };
  return expect.json.flatMap((c) => {
    try {
      const pointer = fillText(c.pointer, tctx);
      return [
        one(
          c,
          pointer,
          evaluatePointer(body.value, pointer).matches,
          evaluatePointer(body.value, pointer).missing,
          ctx,
          tctx,
        ),
      ];
    } catch (e) {
      return [
        result(ctx, {
          check: `json ${c.pointer}`,
          ok: false,
          statement: c.statement,
          message: (e as Error).message,
        }),
      ];
    }
  });
}

function sizeOf(v: unknown): number | undefined {
  if (Array.isArray(v)) return v.length;
  if (v !== null && typeof v === "object") return Object.keys(v).length;
  return undefined;
}

function one(
  c: PointerCheck,
  pointer: string,
  matches: Located[],
  missing: string[],
  ctx: CheckContext,
  tctx: CheckContext["template"],
): CheckResult {
  const lenient = ctx.level === "core" && !c.strict;
  const wild = hasWildcard(pointer);
  const name = `json ${pointer || "/"}`;
  const r = (
    ok: boolean,
    message: string,
    extra: { expected?: unknown; actual?: unknown; location?: string | undefined } = {},
  ) =>
    result(ctx, {
      check: name,
      ok,
      statement: c.statement,
      location: extra.location ?? (pointer || "/"),
      message: `${pointer || "/"}: ${message}`,
      ...("expected" in extra ? { expected: extra.expected } : {}),
      ...("actual" in extra ? { actual: extra.actual } : {}),
    });
  const first = matches[0];

  if (c.absent) {
    return matches.length === 0
      ? r(true, "absent")
      : r(false, `expected absent, found ${show(first?.value)}`, {
          location: first?.pointer,
          actual: first?.value,
        });
  }
  if (missing.length > 0 && !wild)
    return r(false, `missing (${missing[0]})`, { location: missing[0] });
  if (missing.length > 0) return r(false, `missing at ${missing[0]}`, { location: missing[0] });
  if (matches.length === 0 && !wild) return r(false, "missing");
  if (c.present) return r(true, "present");

  if (c.equals !== undefined) {
    const want = fill(c.equals, tctx);
    if (wild && Array.isArray(want)) {
      const seq = matches.map((m) => m.value);
      return valuesEqual(want, seq, lenient)
        ? r(true, `equals ${show(want)}`)
        : r(false, `${show(seq)}, expected ${show(want)}`, { expected: want, actual: seq });
    }
    const bad = matches.find((m) => !valuesEqual(want, m.value, lenient));
    if (matches.length === 0)
      return r(false, `no values, expected ${show(want)}`, { expected: want });
    return bad
      ? r(false, `${show(bad.value)}, expected ${show(want)}`, {
          location: bad.pointer,
          expected: want,
          actual: bad.value,
        })
      : r(true, `equals ${show(want)}`);
  }
  if (c.oneOf !== undefined) {
    const options = c.oneOf.map((o) => fill(o, tctx));
    const bad = matches.find((m) => !options.some((o) => valuesEqual(o, m.value, lenient)));
    return bad
      ? r(false, `${show(bad.value)}, expected one of ${show(options)}`, {
          location: bad.pointer,
          expected: options,
          actual: bad.value,
        })
      : r(true, "one of the allowed values");
  }
  if (c.type !== undefined) {
    const types = Array.isArray(c.type) ? c.type : [c.type];
    const bad = matches.find((m) => !types.some((t) => hasType(m.value, t, lenient)));
    return bad
      ? r(false, `${show(bad.value)} is not ${types.join(" or ")}${lenient ? "" : " (strict)"}`, {
          location: bad.pointer,
          expected: types,
          actual: bad.value,
        })
      : r(true, `type ${types.join("|")}`);
  }
  if (c.count !== undefined) {
    const size = wild ? matches.length : sizeOf(first?.value);
    if (size === undefined)
      return r(false, `${show(first?.value)} is neither an array nor an object`, {
        actual: first?.value,
      });
    const filled = typeof c.count === "string" ? fill(c.count, tctx) : c.count;
    const spec: number | { min?: number; max?: number } = Array.isArray(filled)
      ? filled.length
      : filled !== null && typeof filled === "object"
        ? (filled as { min?: number; max?: number })
        : Number(filled);
    if (typeof spec === "number") {
      return size === spec
        ? r(true, `count ${size}`)
        : r(false, `count ${size}, expected ${spec}`, { expected: spec, actual: size });
    }
    const ok =
      (spec.min === undefined || size >= spec.min) && (spec.max === undefined || size <= spec.max);
    return ok
      ? r(true, `count ${size}`)
      : r(false, `count ${size}, expected ${show(spec)}`, { expected: spec, actual: size });
  }
  if (c.in !== undefined) {
    const list = fill(c.in, tctx);
    if (!Array.isArray(list)) return r(false, `"in" needs a list, got ${show(list)}`);
    const values = matches.flatMap((m) => (Array.isArray(m.value) && !wild ? m.value : [m.value]));
    const bad = values.find((v) => !list.some((o) => valuesEqual(o, v, lenient)));
    return bad !== undefined
      ? r(false, `${show(bad)} is not among ${show(list)}`, { expected: list, actual: bad })
      : r(true, `all ${values.length} values among the allowed`);
  }
  if (c.contains !== undefined) {
    const wantRaw = fill(c.contains, tctx);
    const want = Array.isArray(wantRaw) ? wantRaw : [wantRaw];
    const values = wild ? matches.map((m) => m.value) : first?.value;
    if (!Array.isArray(values))
      return r(false, `${show(values)} is not a list`, { actual: values });
    const lacking = want.filter((w) => !values.some((v) => valuesEqual(w, v, lenient)));
    return lacking.length
      ? r(false, `lacks ${show(lacking)} (has ${show(values)})`, { expected: want, actual: values })
      : r(true, `contains ${show(want)}`);
  }
  if (c.has !== undefined || c.lacks !== undefined) {
    const v = first?.value;
    if (v === null || typeof v !== "object" || Array.isArray(v))
      return r(false, `${show(v)} is not an object`, { actual: v });
    const obj = v as Record<string, unknown>;
    if (c.has !== undefined) {
      const want = fill(c.has, tctx);
      if (want === null || typeof want !== "object")
        return r(false, `"has" needs an object, got ${show(want)}`);
      const bad = Object.entries(want).find(
        ([k, w]) => !Object.hasOwn(obj, k) || !valuesEqual(w, obj[k], lenient),
      );
      if (bad)
        return r(false, `member ${bad[0]}: ${show(obj[bad[0]])}, expected ${show(bad[1])}`, {
          location: `${pointer}/${bad[0]}`,
          expected: bad[1],
          actual: obj[bad[0]],
        });
    }
    const lacks = c.lacks === undefined ? [] : fill(c.lacks, tctx);
    if (!Array.isArray(lacks)) return r(false, `"lacks" needs a list, got ${show(lacks)}`);
    const present = lacks.filter((k) => Object.hasOwn(obj, String(k)));
    return present.length
      ? r(false, `has ${show(present)}, expected none of them`, {
          expected: lacks,
          actual: present,
        })
      : r(true, "members as expected");
  }
  if (c.sorted) {
    const seq = wild ? matches.map((m) => m.value) : first?.value;
    if (!Array.isArray(seq)) return r(false, `${show(seq)} is not a list`);
    for (let i = 1; i < seq.length; i++) {
      const a = String(seq[i - 1]);
      const b = String(seq[i]);
      if (codePointCompare(a, b) > 0)
        return r(false, `not in code point order: ${show(a)} before ${show(b)}`, { actual: seq });
    }
    return r(true, "in code point order");
  }
  if (c.keys !== undefined) {
    const want = fill(c.keys, tctx);
    const v = first?.value;
    const have =
      v !== null && typeof v === "object" && !Array.isArray(v)
        ? (ctx.textOrder?.().get(first?.pointer ?? "") ?? Object.keys(v))
        : undefined;
    const ok = have !== undefined && valuesEqual(want, have, false);
    return ok
      ? r(true, `keys ${show(have)}`)
      : r(false, `keys ${show(have)}, expected ${show(want)}`, { expected: want, actual: have });
  }
  if (c.matches !== undefined) {
    const re = new RegExp(fillText(c.matches, tctx));
    const bad = matches.find((m) => typeof m.value !== "string" || !re.test(m.value));
    return bad
      ? r(false, `${show(bad.value)} does not match /${re.source}/`, {
          location: bad.pointer,
          actual: bad.value,
        })
      : r(true, `matches /${re.source}/`);
  }
  return r(true, "present");
}
