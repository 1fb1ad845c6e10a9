/**
 * How the CLI ends a command that could not start: a usage error (exit 2), or a `run`, `diff`
 * or `fuzz` abort whose kind is mapped to its exit code through the EXIT table (the runner holds
 * no exit number). Either way one line on stderr, `opensocial-kit <command>: …`.
 */
import { abortText } from "../conformance/reporters/abort-text.js";
import { redactRefusal } from "../conformance/reporters/redacted-report.js";
import { EXIT } from "../conformance/run/exit-codes.js";
import type { AbortKind, RunAbort } from "../conformance/run/run-abort.js";
import type { TextSink } from "./text-sink.js";

/** The exit code of each abort kind. */
export const ABORT_EXIT = {
  input: EXIT.USAGE,
  unreachable: EXIT.UNREACHABLE,
  empty: EXIT.EMPTY,
} as const satisfies Record<AbortKind, number>;

/** The option naming each side of a differential run. */
const SIDE = { a: "--target", b: "--against" } as const;

/** `command`'s usage error: writes the message, answers EXIT.USAGE. */
export function usageError(command: string, err: TextSink): (message: string) => number {
  return (message) => {
    err.write(`opensocial-kit ${command}: ${message}\n`);
    return EXIT.USAGE;
  };
}

/**
 * Writes why `command` could not start and answers its exit code. A refused smoke request's
 * values are redacted first: a redirect's Location may carry the request's own signature (a
 * query-signed URL sent back).
 */
export function endAborted(command: string, a: RunAbort, err: TextSink): number {
  const side = a.abort === "unreachable" && a.side ? `${SIDE[a.side]}: ` : "";
  const shown = a.abort === "unreachable" ? { ...a, refusal: redactRefusal(a.refusal, []) } : a;
  err.write(`opensocial-kit ${command}: ${side}${abortText(shown)}\n`);
  return ABORT_EXIT[a.abort];
}
