/**
 * How the CLI ends a `run`, `diff` or `fuzz` that could not start: the abort's kind mapped to its
 * exit code through the EXIT table (the runner holds no exit number), its words on stderr.
 */
import { type AbortKind, abortText, EXIT, type RunAbort } from "../conformance/index.js";
import type { TextSink } from "./text-sink.js";

/** The exit code of each abort kind. */
export const ABORT_EXIT = {
  input: EXIT.USAGE,
  unreachable: EXIT.UNREACHABLE,
  empty: EXIT.EMPTY,
} as const satisfies Record<AbortKind, number>;

/** The option naming each side of a differential run. */
const SIDE = { a: "--target", b: "--against" } as const;

/** Writes why `command` could not start and answers its exit code. */
export function endAborted(command: string, a: RunAbort, err: TextSink): number {
  const side = a.abort === "unreachable" && a.side ? `${SIDE[a.side]}: ` : "";
  err.write(`opensocial-kit ${command}: ${side}${abortText(a)}\n`);
  return ABORT_EXIT[a.abort];
}
