/**
 * The JSON-pointer check engine: decodes the body once, fills each check's pointer, finds the
 * values (pointer/evaluate.ts: `*`, `@one`, `[member=value]`), settles `absent` / `present` /
 * missing paths itself and hands the values to the rules of ./pointer/ (one rule a file). No check
 * passes vacuously: `absent` fails when the parent of the last token is not there (a 200 `{}`
 * proves nothing), and `*` / `[member=value]` over an empty container fails unless the check
 * says `allowEmpty`. `orAbsent` lets the value be missing (not its parent). Core cases
 * compare leniently (numeric strings, "true"/"false"), profile cases strictly, unless a check
 * says `strict`. At profile, a JSON value that differs from the expected one only by such a
 * rendering fails P-FMT-6.3 (the writers' rule), not the case's clause. An Atom body holds only
 * text (its values typed by the declared types) and is compared with the renderings tolerated:
 * comparing it with values captured from a JSON body judges the content, not P-FMT-6.
 * A check naming several rules runs each.
 */
import type { ExpectSpec, Level, PointerCheck } from "../case-types.js";
import { fillPointer, fillText, type TemplateContext } from "../request/template.js";
import type { CheckResult } from "../run/results.js";
import { outline, type Rendering, WRITERS_TYPE_STATEMENT } from "./compare.js";
import { bodyFailure, type CheckContext, result } from "./context.js";
import type { Finding } from "./finding-codes.js";
import { evaluatePointer, hasWildcard, nearestExisting } from "./pointer/evaluate.js";
import {
  POINTER_RULES,
  type PointerContext,
  type PointerRule,
  type PointerView,
  type Verdict,
} from "./pointer/index.js";

/** Checks `expect.json`. */
export function checkJsonPointers(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.json || expect.json.length === 0) return [];
  const body = ctx.decoded();
  if (!body.ok) return [bodyFailure(ctx, "body", body)];
  const template = { ...ctx.template, body: body.value };
  return expect.json.flatMap((c) => {
    try {
      const atom = expect.atom !== undefined;
      return judge(c, fillPointer(c.pointer, template), body.value, ctx, template, atom);
    } catch (e) {
      return [
        result(ctx, {
          check: `json ${c.pointer}`,
          ok: false,
          statement: c.statement,
          finding: { code: "pointer-error", detail: (e as Error).message },
        }),
      ];
    }
  });
}

/**
 * True when `value` (a value an earlier step captured) passes `check`, its pointer read inside
 * the value and compared as `level` compares: a step's `onlyIf` condition.
 */
export function valueHolds(
  check: PointerCheck,
  value: unknown,
  level: Level,
  template: TemplateContext,
): boolean {
  const filled = { ...template, body: value };
  try {
    const ctx: PointerContext = { level, statement: "" };
    return judge(check, fillText(check.pointer, filled), value, ctx, filled, false).every(
      (r) => r.ok,
    );
  } catch {
    // A placeholder the run cannot fill: the condition does not hold.
    return false;
  }
}

function judge(
  c: PointerCheck,
  pointer: string,
  doc: unknown,
  ctx: PointerContext,
  template: TemplateContext,
  atom: boolean,
): CheckResult[] {
  const { matches, missing, broken, empty } = evaluatePointer(doc, pointer);
  const where = pointer || "/";
  const toResult = (v: Verdict, statement = c.statement): CheckResult =>
    result(ctx, {
      check: `json ${where}`,
      ok: v.ok,
      statement,
      location: v.location ?? where,
      finding: { ...v.finding, where } as Finding,
      ...(v.expected !== undefined ? { expected: v.expected } : {}),
      ...(v.actual !== undefined ? { actual: v.actual } : {}),
    });
  const first = matches[0];
  if (broken.length > 0 && (c.absent || matches.length === 0))
    return [
      toResult({
        ok: false,
        finding: { code: "pointer-broken", at: broken[0] ?? "" },
        location: broken[0],
      }),
    ];
  if (empty.length > 0 && !c.allowEmpty && matches.length === 0)
    return [
      toResult({
        ok: false,
        finding: { code: "pointer-empty", at: empty[0] ?? "" },
        location: empty[0],
      }),
    ];
  // `orAbsent`: a value the answer may leave out (its parent is there: not broken above).
  if (c.orAbsent && matches.length === 0 && !hasWildcard(pointer))
    return [toResult({ ok: true, finding: { code: "pointer-absent-ok" } })];
  if (c.absent)
    return [
      toResult(
        matches.length === 0
          ? { ok: true, finding: { code: "pointer-absent-ok" } }
          : {
              ok: false,
              finding: { code: "pointer-not-absent", value: first?.value },
              location: first?.pointer,
              actual: first?.value,
            },
      ),
    ];
  const wild = hasWildcard(pointer);
  if (missing.length > 0 || (matches.length === 0 && !wild)) {
    // What is there instead: the nearest ancestor the body has, shown as the actual value.
    const at = missing[0];
    const parent = nearestExisting(doc, at ?? pointer);
    return [
      toResult({
        ok: false,
        finding: { code: "pointer-missing", at, parent: parent.pointer },
        location: at ?? where,
        actual: outline(parent.value),
      }),
    ];
  }
  const view = {
    check: c,
    pointer,
    matches,
    wild,
    lenient: (ctx.level === "core" || atom) && !c.strict,
    template,
    ctx,
  };
  const writersRule = ctx.level === "profile" && !atom && !c.strict;
  const rules = POINTER_RULES.filter((rule) => c[rule.key] !== undefined);
  return rules.length
    ? rules.map((rule) => {
        const v = rule.run(view);
        const r = v.ok || !writersRule ? undefined : renderingOnly(rule, view, v);
        return r ? toResult(r, WRITERS_TYPE_STATEMENT) : toResult(v);
      })
    : [toResult({ ok: true, finding: { code: "pointer-present-ok" } })];
}

/**
 * The P-FMT-6.3 failure for a profile verdict that fails only by §2 string renderings (the rule
 * passes when the actual values may render the expected numbers and booleans as strings), else
 * undefined: the difference is real and the case's clause stands.
 */
function renderingOnly(rule: PointerRule, view: PointerView, strict: Verdict): Verdict | undefined {
  const seen: Rendering[] = [];
  const first = rule.run({ ...view, lenient: seen }).ok ? seen[0] : undefined;
  if (!first) return undefined;
  return {
    ok: false,
    finding: { code: "string-rendering", at: strict.location ?? view.pointer, ...first },
    location: strict.location,
    expected: strict.expected,
    actual: strict.actual,
  };
}
