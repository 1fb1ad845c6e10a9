/**
 * The words for a run that could not start (run/run-abort.ts) and for a refused smoke request
 * (run/smoke.ts), as the CLI prints them for `run`, `diff` and `fuzz`.
 */
import type { RunAbort } from "../run/run-abort.js";
import type { SmokeRefusal } from "../run/smoke.js";
import { skipText, transportText } from "./failure-text.js";
import { issueText } from "./issue-text.js";

/** Why the smoke request failed, as one sentence. */
export function smokeRefusalText(r: SmokeRefusal): string {
  switch (r.code) {
    case "smoke-unreachable":
      return `the target at ${r.origin} is unreachable (${transportText(r.transport)})`;
    case "smoke-credentials-refused":
      return `the target refused the smoke request's credentials (GET ${r.path} answered ${r.status}); check apps.main and users.viewer`;
    case "smoke-redirected":
      return `the smoke request was redirected (${r.status}${r.location ? ` to ${r.location}` : ""}); the runner does not follow redirects (a signature names one URL): give the base URL the service answers on`;
    case "smoke-status":
      return `the smoke request answered ${r.status}`;
  }
}

/** Why a run could not start, as text (one line per issue for input problems). */
export function abortText(a: RunAbort): string {
  switch (a.abort) {
    case "input":
      return issueText(a.issues);
    case "unreachable":
      return smokeRefusalText(a.refusal);
    case "empty":
      return a.skipped === 0
        ? "no case selected to run: no case matches the level, --grep and --feature given"
        : `no case selected to run: the ${a.skipped} case(s) selected cannot run against this target (${a.examples
            .map((s) => `${s.id}: ${skipText(s.skip)}`)
            .join("; ")}${a.skipped > a.examples.length ? "; …" : ""})`;
  }
}
