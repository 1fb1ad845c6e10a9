/**
 * The words for what a target file holds that a run goes on with (suite/target.ts), shared by
 * every reporter: printed once, before or beside the summary.
 */
import type { TargetWarning } from "../suite/target.js";

/** One warning as text. */
export function warningText(w: TargetWarning): string {
  const users = Object.entries(w.users)
    .map(([role, id]) => `users.${role} ${JSON.stringify(id)}`)
    .join(", ");
  return `users named outside §2.1's <namespace>:<value> form (${users}): the run goes on; the cases about §2.1 (S-2.1-ID-FORM) fail`;
}
