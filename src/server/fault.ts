/**
 * Faults as data: a handler returns a {@link Fault} instead of throwing, and the server turns
 * it into the P-ERR-1 error body. Messages never carry OAuth parameters or secrets.
 */

/** An error answer: status, message, and for 405 the `Allow` list (P-ERR-2). */
export interface Fault {
  readonly fault: true;
  readonly status: number;
  readonly message: string;
  readonly allow?: readonly string[];
}

/** Builds a fault. */
export function fault(status: number, message: string, allow?: readonly string[]): Fault {
  return allow ? { fault: true, status, message, allow } : { fault: true, status, message };
}

/** True when `x` is a {@link Fault}. */
export function isFault(x: unknown): x is Fault {
  return typeof x === "object" && x !== null && (x as { fault?: unknown }).fault === true;
}
