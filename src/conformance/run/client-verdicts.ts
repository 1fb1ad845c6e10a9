/**
 * The verdict of a run on each deployed client style (suite/client-styles.ts): served when every
 * case of the style ran and passed, broken when one failed (an expected failure too: listing a
 * case in the expectations file does not make the client work), not judged otherwise (a case not
 * selected, skipped or not run). A broken style names its first failing case, in the style's
 * order, and the statement that case broke.
 */
import type { ClientStyle } from "../suite/client-styles.js";
import type { CaseResult } from "./results.js";

/** What a run says about one client style. */
export interface ClientVerdict {
  readonly id: string;
  readonly name: string;
  readonly verdict: "served" | "broken" | "not-judged";
  /** How many of the style's cases ran, of how many. */
  readonly ran: number;
  readonly of: number;
  /** A broken style's first failing case and the statement it broke. */
  readonly failing?: { readonly id: string; readonly statement?: string };
}

/** The verdict on each style from the run's case results. */
export function clientVerdicts(
  styles: readonly ClientStyle[],
  cases: readonly CaseResult[],
): ClientVerdict[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  return styles.map((s) => {
    const results = s.cases.map((id) => byId.get(id));
    const ran = results.filter((r) => r !== undefined && r.raw !== "skip");
    const failed = ran.find((r) => r?.raw === "fail");
    const head = { id: s.id, name: s.name, ran: ran.length, of: s.cases.length };
    if (failed)
      return {
        ...head,
        verdict: "broken",
        failing: {
          id: failed.id,
          ...(failed.failedStatement !== undefined ? { statement: failed.failedStatement } : {}),
        },
      };
    return { ...head, verdict: ran.length === s.cases.length ? "served" : "not-judged" };
  });
}
