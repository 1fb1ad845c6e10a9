/**
 * Faults as data: a handler returns a {@link Fault} instead of throwing, and the server turns
 * it into the P-ERR-1 error body. Messages never carry OAuth parameters or secrets.
 */

/**
 * Stable codes of the server's faults: what went wrong, finer than the status (several 400s and
 * 404s). The wire carries only the status and the message (P-ERR-1); the code is for code that
 * calls `handle()` and for logs. Adding a code is fine; renaming one is a breaking change.
 */
export const FAULT_CODES = [
  "album-not-found",
  "app-not-used",
  "auth-failed",
  "bad-request",
  "body-too-large",
  "expectation-failed",
  "forbidden",
  "headers-too-large",
  "host-missing",
  "internal",
  "invalid-body",
  "invalid-content-type",
  "invalid-key",
  "invalid-paging",
  "invalid-path",
  "invalid-query",
  "invalid-target",
  "method-not-allowed",
  "not-found",
  "record-limit",
  "selector-missing",
  "target-missing",
  "target-too-long",
  "timeout",
  "unavailable",
  "user-not-found",
] as const;

/** One of {@link FAULT_CODES}. */
type FaultCode = (typeof FAULT_CODES)[number];

/** An error answer: status, code, message, and for 405 the `Allow` list (P-ERR-2). */
export interface Fault {
  readonly fault: true;
  readonly status: number;
  readonly code: FaultCode;
  readonly message: string;
  readonly allow?: readonly string[];
}

/** Builds a fault. */
export function fault(
  status: number,
  code: FaultCode,
  message: string,
  allow?: readonly string[],
): Fault {
  return allow
    ? { fault: true, status, code, message, allow }
    : { fault: true, status, code, message };
}

/** The code of a fault that Node's HTTP parser found (malformed request, head too large, timeout). */
export function parserFaultCode(status: number): FaultCode {
  if (status === 408) return "timeout";
  if (status === 413) return "body-too-large";
  if (status === 414) return "target-too-long";
  if (status === 431) return "headers-too-large";
  return "bad-request";
}

/** True when `x` is a {@link Fault}. */
export function isFault(x: unknown): x is Fault {
  return typeof x === "object" && x !== null && (x as { fault?: unknown }).fault === true;
}
