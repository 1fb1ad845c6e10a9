/**
 * Thrown errors for the world the kit runs in, not for the code that calls it: a store that stops
 * answering, a deployment setting (the public URL) that cannot be used. A server answers them 503
 * or refuses to start; they are no bug. A programming mistake is a `KitError` (kit-error.ts);
 * bad input is a `Result`'s issues (issue.ts). Each carries a stable `code`, tested from one
 * table.
 */
import { codedMessage } from "./kit-error.js";

/** Stable codes of the operational failures the kit throws. */
export const OPERATIONAL_ERROR_CODES = {
  OSK_STORE_UNAVAILABLE: "the application-data store is not available",
  OSK_INVALID_PUBLIC_URL:
    "the public URL must be an absolute http:// or https:// origin, without path, query or credentials",
} as const;

/** One of the keys of {@link OPERATIONAL_ERROR_CODES}. */
export type OperationalErrorCode = keyof typeof OPERATIONAL_ERROR_CODES;

/** An operational failure: the store or the deployment, not the caller's code. */
export class OperationalError extends Error {
  readonly code: OperationalErrorCode;
  constructor(code: OperationalErrorCode, detail?: string) {
    super(codedMessage(OPERATIONAL_ERROR_CODES[code], detail));
    this.name = "OperationalError";
    this.code = code;
  }
}
