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
import type { CaseOutcome } from "../request/case-problems.js";
import { caseFiller, fillPointer, fillText, type TemplateContext } from "../request/template.js";
import type { CheckResult } from "./check-result.js";
import { outline, type Rendering, WRITERS_TYPE_STATEMENT } from "./compare.js";
import { bodyFailure, type CheckContext, result } from "./context.js";
import type { Finding } from "./finding-codes.js";
import { absentPagingClause } from "./paging-clause.js";
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
  const template = { ...ctx.template, valueAt: firstValueIn(body.value) };
  return expect.json.flatMap((c) => {
    const pointer = fillPointer(c.pointer, template);
    const atom = expect.atom !== undefined;
    const judged = pointer.ok
      ? judge(c, pointer.value, body.value, ctx, template, atom)
      : { ok: false as const, problem: pointer.problem };
    if (judged.ok) return judged.value;
    // The case's own fault (a placeholder, a pattern): the check could not run.
    return [
      result(ctx, {
        check: `json ${c.pointer}`,
        ok: false,
        statement: c.statement,
        finding: { code: "pointer-error", problem: judged.problem },
      }),
    ];
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
  const filled = { ...template, valueAt: firstValueIn(value) };
  const pointer = fillText(check.pointer, filled);
  const ctx: PointerContext = { level, statement: "" };
  const judged = pointer.ok && judge(check, pointer.value, value, ctx, filled, false);
  // A placeholder the run cannot fill: the condition does not hold.
  return judged !== false && judged.ok && judged.value.every((r) => r.ok);
}

/** The first value the pointer language finds at a pointer of `doc` (for `{#/pointer}`). */
const firstValueIn =
  (doc: unknown) =>
  (pointer: string): unknown =>
    evaluatePointer(doc, pointer).matches[0]?.value;

/**
 * The results of check `c` at `pointer` in `doc`, or the problem that kept it from running (a
 * placeholder of its expected values the run cannot fill, a pattern that is no regular
 * expression): then no rule's verdict counts, as if the check had not run.
 */
function judge(
  c: PointerCheck,
  pointer: string,
  doc: unknown,
  ctx: PointerContext,
  template: TemplateContext,
  atom: boolean,
): CaseOutcome<CheckResult[]> {
  const done = (results: CheckResult[]): CaseOutcome<CheckResult[]> => ({
    ok: true,
    value: results,
  });
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
    return done([
      toResult({
        ok: false,
        finding: { code: "pointer-broken", at: broken[0] ?? "" },
        location: broken[0],
      }),
    ]);
  if (empty.length > 0 && !c.allowEmpty && matches.length === 0)
    return done([
      toResult({
        ok: false,
        finding: { code: "pointer-empty", at: empty[0] ?? "" },
        location: empty[0],
      }),
    ]);
  // `orAbsent`: a value the answer may leave out (its parent is there: not broken above).
  if (c.orAbsent && matches.length === 0 && !hasWildcard(pointer))
    return done([toResult({ ok: true, finding: { code: "pointer-absent-ok" } })]);
  if (c.absent)
    return done([
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
    ]);
  const wild = hasWildcard(pointer);
  if (missing.length > 0 || (matches.length === 0 && !wild)) {
    // What is there instead: the nearest ancestor the body has, shown as the actual value.
    const at = missing[0];
    const parent = nearestExisting(doc, at ?? pointer);
    // a list or a person without its paging member breaks the paging clause, not the case's
    // (paging-clause.ts)
    const paging = absentPagingClause(doc, at ?? pointer, atom ? "atom" : "json", ctx.url);
    return done([
      toResult(
        {
          ok: false,
          finding: { code: "pointer-missing", at, parent: parent.pointer },
          location: at ?? where,
          actual: outline(parent.value),
        },
        paging ?? c.statement,
      ),
    ]);
  }
  const view = {
    check: c,
    pointer,
    matches,
    wild,
    lenient: (ctx.level === "core" || atom) && !c.strict,
    filler: caseFiller(template),
    ctx,
    atom,
  };
  const writersRule = ctx.level === "profile" && !atom && !c.strict;
  const rules = POINTER_RULES.filter((rule) => c[rule.key] !== undefined);
  if (rules.length === 0)
    return done([toResult({ ok: true, finding: { code: "pointer-present-ok" } })]);
  const results: CheckResult[] = [];
  for (const rule of rules) {
    const v = rule.run(view);
    const { problem } = view.filler;
    if (problem) return { ok: false, problem };
    const r = v.ok || !writersRule ? undefined : renderingOnly(rule, view, v);
    results.push(r ? toResult(r, WRITERS_TYPE_STATEMENT) : toResult(v, v.statement ?? c.statement));
  }
  return done(results);
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
