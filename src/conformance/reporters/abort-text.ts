/**
 * The words for a run that could not start (run/run-abort.ts), for a refused smoke request
 * (run/smoke.ts), as the CLI prints them for `run`, `diff` and `fuzz`, and for a run's stop as
 * every reporter says it: stopped early (results.ts's EarlyStop) or never started (NotStarted,
 * the same words as the abort's).
 */
import type { RunStop } from "../run/results.js";
import type { RunAbort, SkippedCase } from "../run/run-abort.js";
import type { SmokeRefusal } from "../run/smoke.js";
import type { TransportError } from "../transport/http-client.js";
import { skipText, transportText } from "./failure-text.js";
import { issueText } from "./issue-text.js";

/**
 * What to do about a request to the target that got no answer, after its words (`: …`, or
 * nothing): a refused connection (nothing listens there; http-client.ts's message leads with
 * the system's code) is most often a server not started yet; a connection an `http://` origin
 * closed before any answer, a TLS service spoken to in plain HTTP. A TLS failure's words carry
 * their own remedy (transport/tls-failure.ts).
 */
export function unreachableHint(t: TransportError, origin: string): string {
  if (t.code === "connection" && t.message.startsWith("ECONNREFUSED"))
    return ": the server there refused the connection (nothing listens on that port); start it first (opensocial-kit serve starts the reference server) or give the base URL it listens on";
  if (t.code === "connection" && t.message.startsWith("ENOTFOUND"))
    return ": no such host; check the base URL's host name";
  if (t.code === "closed" && t.message.includes("before an answer") && /^http:/i.test(origin))
    return ": if the service there speaks TLS, give the base URL with https://";
  return "";
}

/** Whether a URL repeats the API's prefix (`…/os/0.8/os/0.8/…`): a base URL given with it. */
export function repeatsApiPrefix(url: string): boolean {
  return url.includes("/os/0.8/os/0.8/");
}

/** The base URL's remedy when the API's prefix is repeated. */
export const REPEATED_PREFIX_HINT = "give the base URL without /os/0.8 (the kit adds it)";

/**
 * What to do about a smoke request answered 404: a base URL that repeats the API's prefix, else
 * one under which the API is not mounted, or a viewer the service does not know.
 */
function notFoundHint(url: string): string {
  return repeatsApiPrefix(url)
    ? REPEATED_PREFIX_HINT
    : "give the base URL the API is mounted under (the kit adds /os/0.8), and check that the target's users name people the service knows";
}

/** Why the smoke request failed, as one sentence. */
export function smokeRefusalText(r: SmokeRefusal): string {
  switch (r.code) {
    case "smoke-unreachable":
      // an answer over the cap was received, not missed: the remedy is the cap
      return r.transport.code === "too-large"
        ? `the target at ${r.origin} answered the smoke request (the viewer's profile) with more than the answer cap (${transportText(r.transport)}); give a larger --max-answer-bytes`
        : `the target at ${r.origin} is unreachable (${transportText(r.transport)})${unreachableHint(r.transport, r.origin)}`;
    case "smoke-credentials-refused":
      return `the target refused the smoke request's credentials (GET ${r.path} answered ${r.status}); check apps.main and users.viewer`;
    case "smoke-redirected":
      return `the smoke request was redirected (${r.status}${r.location ? ` to ${r.location}` : ""}); the runner does not follow redirects (a signature names one URL): give the base URL the service answers on`;
    case "smoke-status":
      return r.status === 404
        ? `the smoke request (GET ${r.url}) answered 404: ${notFoundHint(r.url)}`
        : `the smoke request (GET ${r.url}) answered ${r.status}`;
  }
}

/** Why no case was selected: `skipped` cases set aside, the first few in `examples`. */
function emptyText(skipped: number, examples: readonly SkippedCase[]): string {
  return skipped === 0
    ? "no case selected to run: no case matches the level, --grep and --feature given"
    : `no case selected to run: the ${skipped} case(s) selected cannot run against this target (${examples
        .map((s) => `${s.id}: ${skipText(s.skip)}`)
        .join("; ")}${skipped > examples.length ? "; …" : ""})`;
}

/** Why a run could not start, as text (one line per issue for input problems). */
export function abortText(a: RunAbort): string {
  switch (a.abort) {
    case "input":
      return issueText(a.issues);
    case "unreachable":
      return smokeRefusalText(a.refusal);
    case "empty":
      return emptyText(a.skipped, a.examples);
  }
}

/** Why a run stopped early (`notRun` cases not run) or never started, as one sentence. */
export function stopText(s: RunStop, notRun: number): string {
  switch (s.code) {
    case "interrupted":
      return `the run was interrupted (${s.signal}): the cases started were finished; ${notRun} case(s) not run`;
    case "bail":
      return `--bail stopped the run at the first unexpected result (${s.id}): the cases started were finished; ${notRun} case(s) not run`;
    case "target-stopped-answering":
      return `the target stopped answering: ${s.silentCases} cases in a row got no answer, nor did a fresh smoke request; ${notRun} case(s) not run`;
    case "unreachable":
      return `no case ran: ${smokeRefusalText(s.refusal)}`;
    case "empty":
      return emptyText(s.skipped, s.examples);
  }
}

/**
 * What each stop but --bail's shows did not hold, as the name of the test that stands for it
 * (JUnit's errored testcase; TAP's failed test point of a run that never started).
 */
export const STOP_TEST_NAME = {
  interrupted: "the run was not interrupted",
  "target-stopped-answering": "the target answered to the end",
  unreachable: "the target answered the smoke request with 200",
  empty: "a case was selected to run",
} as const satisfies Record<Exclude<RunStop["code"], "bail">, string>;
