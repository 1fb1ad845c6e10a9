/**
 * What one check of one step returns: whether the answer passed, the statement it proves, and
 * what it found as a coded record (finding-codes.ts); the reporters word it
 * (reporters/check-text.ts). The run gathers these into its results (run/results.ts).
 */
import type { Finding } from "./finding-codes.js";

/** One check of one step. */
export interface CheckResult {
  /** Short name, e.g. `status`, `json /entry count`. */
  readonly check: string;
  readonly ok: boolean;
  /** The statement the check proves. */
  readonly statement: string;
  /** Where: a JSON pointer, an XPath, or a header name. */
  readonly location?: string | undefined;
  readonly expected?: unknown;
  readonly actual?: unknown;
  /** What the check found: a stable code and the parameters its words need (reporters/check-text.ts). */
  readonly finding: Finding;
}
