/**
 * How a command that sends requests to a target stops on a signal: the first SIGINT (Ctrl-C) or
 * SIGTERM (a CI job's timeout) aborts the returned signal, so that nothing new starts, the work
 * under way finishes with its clean-up and the command prints or writes what it found (exit 130
 * or 143); a second one ends the process at once. Used by `run`, `fuzz` and `diff`.
 */
import { EXIT } from "../conformance/run/exit-codes.js";
import type { TextSink } from "./text-sink.js";

/** The signals a command stops on. */
type StopSignal = "SIGINT" | "SIGTERM";

/** The exit code of a command stopped by `signal` (128 + its number, as a shell reports it). */
export function signalExit(signal: StopSignal): number {
  return signal === "SIGTERM" ? EXIT.TERMINATED : EXIT.INTERRUPTED;
}

/**
 * Listens for the signals until `release()`; `finishing` says what `command` still does after
 * the first one (e.g. "finishing the cases started, then writing the reports").
 */
export function interruptOnSignals(
  command: string,
  finishing: string,
  err: TextSink,
): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onSignal = (signal: StopSignal) => {
    if (controller.signal.aborted) process.exit(signalExit(signal));
    controller.abort(signal);
    err.write(
      `opensocial-kit ${command}: interrupted (${signal}): ${finishing}; ${signal === "SIGINT" ? "Ctrl-C" : "SIGTERM"} again quits at once\n`,
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    release: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

/** The signal that aborted `signal`, if any. */
export function stopSignal(signal: AbortSignal): StopSignal | undefined {
  return signal.aborted ? (signal.reason as StopSignal) : undefined;
}
