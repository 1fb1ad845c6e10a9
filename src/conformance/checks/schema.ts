/**
 * The schema check: the body validates as a document kind through src/schemas. The mode is
 * the case's unless given: core → lenient (readers' tolerance), profile → strict (P-FMT-6).
 * A number or boolean written as its string rendering fails P-FMT-6.3, the rule it breaks, not
 * the case's clause. An issue at a member that a pointer check of the same step names with its
 * own statement is filed under that statement: the case says which clause the member belongs to
 * (a missing `totalResults` breaks the paging clause, not the person fields' one), and an issue
 * of a paging member breaks its paging clause (paging-clause.ts) when no check says. The id form
 * (§2.1) is left to the cases about §2.1.
 */
import { type Issue, issuesOf } from "../../model/issue.js";
import { pointerTokens, valueAtPointer } from "../../model/json-pointer.js";
import { isKind } from "../../schemas/kinds.js";
import { lenientRead } from "../../schemas/lenient.js";
import { validate } from "../../schemas/validate.js";
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import { outline, WRITERS_TYPE_STATEMENT } from "./compare.js";
import { bodyFailure, type CheckContext, result } from "./context.js";
import { entryClause } from "./entry-clause.js";
import type { Finding } from "./finding-codes.js";
import { pagingClause } from "./paging-clause.js";
import { nearestExisting } from "./pointer/evaluate.js";

/** Checks `expect.schema`. */
export function checkSchema(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (!expect.schema) return [];
  const { kind } = expect.schema;
  const mode = expect.schema.mode ?? (ctx.level === "core" ? "lenient" : "strict");
  const check = `schema ${kind} (${mode})`;
  if (!isKind(kind))
    return [result(ctx, { check, ok: false, finding: { code: "schema-unknown-kind", kind } })];
  const body = ctx.decoded();
  if (!body.ok) return [bodyFailure(ctx, check, body)];
  // An id outside §2.1's form is judged by the cases about §2.1 (their own checks), so that a
  // deployment naming its users `john.doe` fails those, not every case that reads a person.
  const issues = issuesOf(validate(kind, body.value, { mode, anyIdForm: true }));
  if (issues.length === 0)
    return [result(ctx, { check, ok: true, finding: { code: "schema-ok", kind } })];
  return issues.slice(0, 5).map((i) => {
    const actual = valueAtPointer(body.value, i.pointer);
    const rendering = i.code === "string-rendered" && typeof actual === "string";
    // A missing member: what is there instead is its nearest existing parent.
    const parent =
      i.code === "missing-member" && actual === undefined
        ? nearestExisting(body.value, i.pointer)
        : undefined;
    return result(ctx, {
      check,
      ok: false,
      location: i.pointer || "/",
      actual: parent ? outline(parent.value) : actual,
      finding: rendering ? renderingFinding(i, actual) : schemaFinding(i, parent?.pointer),
      ...(rendering
        ? { statement: WRITERS_TYPE_STATEMENT }
        : statementOfMember(expect, i.pointer, kind, i, ctx.url)),
    });
  });
}

/**
 * `{ statement }` of the paging clause a missing paging member breaks (paging-clause.ts: a list
 * without `totalResults` breaks it whatever check reads the member); else of a pointer check of
 * `expect` that names the member at `pointer`; else of the paging clause any other paging issue
 * breaks; else of the §2 clause declaring the entry's member (entry-clause.ts); or `{}` (the
 * case's clause).
 */
function statementOfMember(
  expect: ExpectSpec,
  pointer: string,
  kind: string,
  issue: Issue,
  url: string | undefined,
): { statement?: string } {
  const tokens = pointerTokens(pointer);
  const names = (p: string): boolean => {
    const want = pointerTokens(p);
    return want.length === tokens.length && want.every((t, i) => t === "*" || t === tokens[i]);
  };
  const check = (expect.json ?? []).find((c) => c.statement !== undefined && names(c.pointer));
  const paging = pagingClause(kind, issue, "json", url);
  const statement =
    (issue.code === "missing-member"
      ? (paging ?? check?.statement)
      : (check?.statement ?? paging)) ?? entryClause(kind, pointer);
  return statement !== undefined ? { statement } : {};
}

function schemaFinding(i: Issue, parent: string | undefined): Finding {
  return {
    code: "schema-invalid",
    where: i.pointer || "/",
    detail: i.message,
    issue: i.code,
    ...(parent !== undefined ? { parent } : {}),
  };
}

/** A `string-rendering` finding (P-FMT-6.3) for a string found where `i` says a number or boolean is declared. */
export function renderingFinding(i: Pick<Issue, "pointer">, text: string): Finding {
  const where = i.pointer || "/";
  const declared = lenientRead("boolean", text) === undefined ? "number" : "boolean";
  return { code: "string-rendering", where, at: where, text, declared };
}
