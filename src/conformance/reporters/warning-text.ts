/**
 * The words for what a target file holds that a run goes on with (suite/target.ts), shared by
 * every reporter: printed once, before or beside the summary.
 */
import type { TargetWarning } from "../suite/target.js";

/** One warning as text. */
export function warningText(w: TargetWarning): string {
  if (w.code === "other-app-refused")
    return `apps.other (consumer key ${JSON.stringify(w.consumerKey)}) was refused the smoke request (${w.status}) that apps.main was answered 200: the cases signing with apps.other run and are judged as ever, and their failures may come from its secret in the target file (check apps.other)${w.keyEncoded ? " or from a signing key that does not percent-encode this secret as P-AUTH-1 says (it holds characters the key encodes)" : ""}`;
  const users = Object.entries(w.users)
    .map(([role, id]) => `users.${role} ${JSON.stringify(id)}`)
    .join(", ");
  return `users named outside §2.1's <namespace>:<value> form (${users}): the run goes on; the cases about §2.1 (S-2.1-ID-FORM) fail`;
}
