/**
 * `expect.when`: the answers a step's checks apply to. A check a permission only the profile
 * grants would decide (reading a friend's `@self`: if the answer is 200, then `isViewer` is
 * false), a representation a core request cannot select (the Atom form, §4.3: "Way to choose
 * between JSON and Atom: not shown"), or a fact only some answers show (a list that holds the
 * whole of it, §8 leaving the default page size open: if `totalResults` equals `{#/entry}`,
 * then …) applies only to an answer with that status, in that representation and whose body
 * passes `when.json`'s pointer checks (compared as the case's level compares); any other answer
 * passes the step's other checks as not applicable. The status and no-500 checks always apply.
 */
import type { ExpectSpec, PointerCheck } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";
import { served } from "./format-selection.js";
import { checkJsonPointers } from "./json-pointer.js";

/** Why the answer is not one `expect.when` names: a status or representation, or a body condition. */
type Unmet = { condition?: PointerCheck } | undefined;

function unmetBy(expect: ExpectSpec, ctx: CheckContext): Unmet {
  const when = expect.when;
  if (when === undefined) return undefined;
  if (when.status !== undefined) {
    const statuses = Array.isArray(when.status) ? when.status : [when.status];
    if (!statuses.includes(ctx.response.status)) return {};
  }
  if (when.representation !== undefined && served(ctx) !== when.representation) return {};
  const condition = (when.json ?? []).find(
    (c) => !checkJsonPointers({ ...expect, json: [c] }, ctx).every((r) => r.ok),
  );
  return condition ? { condition } : undefined;
}

/**
 * The passing record of a step whose `when` the answer does not meet (the step's other checks
 * then do not apply), or undefined when it meets it or the step names none.
 */
export function whenUnmet(expect: ExpectSpec, ctx: CheckContext): CheckResult | undefined {
  const unmet = unmetBy(expect, ctx);
  if (!unmet) return undefined;
  return result(ctx, {
    check: "when",
    ok: true,
    finding: {
      code: "when-unmet",
      status: ctx.response.status,
      representation: served(ctx) ?? "neither",
      ...(unmet.condition ? { condition: conditionText(unmet.condition) } : {}),
    },
  });
}

/** A body condition as the case wrote it (`/totalResults equals "{#/entry}"`). */
function conditionText(c: PointerCheck): string {
  const { pointer, ...rules } = c;
  const words = Object.entries(rules).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return [pointer || "/", ...words].join(" ");
}
