/**
 * What every check sees: the response, the case level (core applies readers' tolerance, profile
 * the writers' rules), the statement to cite, and the decoded body.
 */
import type { Level } from "../case-types.js";
import type { TemplateContext } from "../request/template.js";
import type { WireResponse } from "../transport/http-client.js";
import type { CheckResult } from "./check-result.js";
import type { BodyFinding } from "./finding-codes.js";

/** The decoded body: a value, or why there is none. */
export type DecodedBody =
  | { ok: true; value: unknown }
  | {
      ok: false;
      finding: BodyFinding;
      location?: string | undefined;
      /** The clause the decoding failure breaks, when it is not the case's (checks/atom.ts). */
      statement?: string | undefined;
    };

/** Input of every check. */
export interface CheckContext {
  readonly response: WireResponse;
  readonly level: Level;
  readonly statement: string;
  readonly template: TemplateContext;
  /**
   * The request's URL, for the clauses that depend on the operation asked for (a single
   * person's paging members: paging-clause.ts); absent where no request is known.
   */
  readonly url?: string | undefined;
  /** The body as JSON (or as the Atom codec decoded it), computed once. */
  readonly decoded: () => DecodedBody;
  readonly text: () => string;
  /**
   * Child order of each data element of an Atom body (pointer → names: application-data keys,
   * P-FMT-3; person, album or photo members, P-FMT-7); absent for any other body.
   */
  readonly textOrder?: () => ReadonlyMap<string, string[]>;
}

/** The failure of a check that could not read the body: where and why, under the clause it breaks. */
export function bodyFailure(
  ctx: CheckContext,
  check: string,
  body: Extract<DecodedBody, { ok: false }>,
): CheckResult {
  return result(ctx, {
    check,
    ok: false,
    location: body.location,
    finding: body.finding,
    statement: body.statement,
  });
}

/** Builds a result; `statement` defaults to the context's. */
export function result(
  ctx: Pick<CheckContext, "statement">,
  r: Omit<CheckResult, "statement"> & { statement?: string | undefined },
): CheckResult {
  // A spread and one override, not a rest pattern: this runs for every check of every step.
  return { ...r, statement: r.statement ?? ctx.statement };
}
