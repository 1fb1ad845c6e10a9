/**
 * The clause a write's or a delete's success status breaks, whatever the case is about: an
 * application-data POST, PUT or DELETE that the step expects to succeed (200) and that is
 * answered with another 2xx (204 No Content, 201) breaks §4.4's "stores them and answers 200"
 * (S-4.4-WRITE.1) or §4.5's "deletes the listed keys and answers 200" (S-4.5-DELETE-FIELDS.1),
 * not the rule of the case that wrote in preparation (a server answering its writes 204 used to
 * fail 78 cases under 50 statements). A refusal (4xx) stays the case's: there the write being
 * accepted is what the case tests.
 */
import type { CheckResult } from "./check-result.js";

/** What the check needs of the request: its method and target. */
export interface WriteCues {
  readonly method?: string;
  readonly url: string;
}

const APPDATA = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]*)?(?:\/[^?#]*)?\/os\/0\.8\/appdata\//i;

/** The clause of a write's (or a delete's) 200, or undefined for another request. */
function successClause(cues: WriteCues): string | undefined {
  if (!APPDATA.test(cues.url)) return undefined;
  if (cues.method === "POST" || cues.method === "PUT") return "S-4.4-WRITE.1";
  return cues.method === "DELETE" ? "S-4.5-DELETE-FIELDS.1" : undefined;
}

/** `results` with a failed status check of a write answered by another 2xx named under its clause. */
export function nameWriteStatus(
  cues: WriteCues | undefined,
  results: CheckResult[],
): CheckResult[] {
  if (cues === undefined) return results;
  const clause = successClause(cues);
  if (clause === undefined) return results;
  return results.map((r) => {
    if (r.ok || r.finding.code !== "status-wrong") return r;
    const { status, allowed } = r.finding;
    const success = status >= 200 && status <= 299 && allowed.includes(200);
    return success && !allowed.some((s) => s !== 200 && s >= 200 && s <= 299)
      ? { ...r, statement: clause }
      : r;
  });
}
