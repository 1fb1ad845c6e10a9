/**
 * The options that bound each exchange with a target, one definition for every command that
 * sends: `--timeout` (run, diff, fuzz, request) and `--max-answer-bytes` (run, diff, fuzz), with
 * their defaults (transport/client-limits.ts) and ranges (number-range.ts).
 */
import { DEFAULT_LIMITS } from "../conformance/transport/client-limits.js";
import { ANSWER_BYTES, TIMEOUT_MS } from "./number-range.js";

/** `--timeout`: one request's deadline in ms. */
export const timeoutOption = {
  type: "number",
  default: DEFAULT_LIMITS.timeoutMs,
  range: TIMEOUT_MS,
  describe: "Per-request timeout in ms",
} as const;

/** `--max-answer-bytes`; `overCap` says what the command does with a larger answer. */
export function maxAnswerBytesOption(overCap: string) {
  return {
    type: "number",
    default: DEFAULT_LIMITS.maxBodyBytes,
    range: ANSWER_BYTES,
    describe: `Largest answer read, in bytes: ${overCap}`,
  } as const;
}
