/**
 * Why a step got no answer to check, as a coded record: the codes are stable and
 * listed once, in {@link STEP_FAILURES}; the words are the reporters' (reporters/failure-text.ts).
 * A transport failure keeps the transport's own record (its code, what node:http, zlib or the socket
 * said, and when).
 */
import type { CaseProblem } from "../request/case-problems.js";
import type { TransportError, TransportErrorCode } from "../transport/http-client.js";

/**
 * Stable step failure codes, each with what it means. Adding a code is fine; renaming one breaks
 * the JSON reports that carry it.
 */
export const STEP_FAILURES = {
  "transport-timeout": "no complete response within the deadline",
  "transport-connection": "no connection could be made to the target",
  "transport-closed": "the connection closed early, or what came back was not HTTP",
  "transport-reset":
    "after its answer to a body written first, the server reset the connection: it closed with the body unread",
  "body-too-large":
    "the response body exceeds the answer cap (--max-answer-bytes, 4 MiB by default)",
  "bad-encoding": "the Content-Encoding could not be undone within the cap",
  "replay-status": "a replay step's first, valid request was answered with another status than 200",
  "replay-transport": "a replay step's first, valid request got no answer",
  "case-error": "the case's request could not be built (a placeholder or app the run cannot fill)",
} as const;

/** One of {@link STEP_FAILURES}' codes. */
export type StepFailureCode = keyof typeof STEP_FAILURES;

/** The codes of a failed exchange, one per transport code. */
export const TRANSPORT_FAILURES = {
  timeout: "transport-timeout",
  connection: "transport-connection",
  closed: "transport-closed",
  reset: "transport-reset",
  "too-large": "body-too-large",
  "bad-encoding": "bad-encoding",
} as const satisfies Record<TransportErrorCode, StepFailureCode>;

/** The step failure codes of a failed exchange. */
type TransportFailureCode = (typeof TRANSPORT_FAILURES)[TransportErrorCode];

/** A step's failure (besides failed checks). */
export type StepFailure =
  | {
      [C in TransportFailureCode]: { readonly code: C; readonly transport: TransportError };
    }[TransportFailureCode]
  | { readonly code: "replay-status"; readonly status: number }
  | { readonly code: "replay-transport"; readonly transport: TransportError }
  | { readonly code: "case-error"; readonly problem: CaseProblem };

/** The step failure of a failed exchange. */
export function transportFailure(transport: TransportError): StepFailure {
  return { code: TRANSPORT_FAILURES[transport.code], transport } as StepFailure;
}

/**
 * True when the step got an answer larger than the run's cap, to the request it checks or to a
 * replay step's first request: nothing of it was read, so nothing was judged (run/over-cap.ts).
 */
export function isOverCap(f: StepFailure): boolean {
  return "transport" in f && f.transport.code === "too-large";
}

/**
 * The clause a step failure breaks wherever it shows, whatever the case cites (as the checks
 * name P-FMT-1's selection): a reset after a held body or one written first is the server
 * closing with the body unread, P-ERR-4.3's. Undefined: the step's own clause (its
 * `expect.statement`), else the case's first.
 */
export function failureStatement(f: StepFailure): string | undefined {
  return f.code === "transport-reset" ? "P-ERR-4.3" : undefined;
}
