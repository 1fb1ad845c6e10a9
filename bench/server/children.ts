/**
 * The bench's child processes, stopped on every exit path: a normal end
 * (`stopAll`: SIGTERM, then SIGKILL after a grace period), an exception or a rejection nobody
 * caught and SIGINT/SIGTERM/SIGHUP sent to the bench (the same, with a 1 s grace, then exit with
 * 1 or 128 + the signal), and `process.exit` anywhere (SIGKILL: nothing can wait there). A SIGKILL of the bench
 * cannot be caught: the targets (`target.mjs`) exit by themselves when their IPC channel to the
 * bench closes.
 */
import type { ChildProcess } from "node:child_process";

/** A set of child processes that outlive nothing. */
export interface ChildGroup {
  /** Tracks `child` (returned as is). */
  add<C extends ChildProcess>(child: C): C;
  /** SIGTERM to every live child, SIGKILL to those still alive after `graceMs`; resolves when all exited. */
  stopAll(graceMs?: number): Promise<void>;
  /** Removes the process handlers (after stopAll, at the end of a normal run). */
  dispose(): void;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** Exit codes for a bench stopped by a signal (128 + its number). */
const SIGNAL_EXIT: Record<(typeof SIGNALS)[number], number> = {
  SIGINT: 130,
  SIGTERM: 143,
  SIGHUP: 129,
};

function alive(c: ChildProcess): boolean {
  return c.exitCode === null && c.signalCode === null;
}

/** Creates the group and installs its handlers on `proc` (default: this process). */
export function childGroup(proc: NodeJS.Process = process): ChildGroup {
  const children = new Set<ChildProcess>();
  /** Synchronous: usable from the `exit` event, where nothing asynchronous runs any more. */
  const killNow = (signal: NodeJS.Signals): void => {
    for (const c of children) if (alive(c)) c.kill(signal);
  };
  // `exit` (process.exit anywhere): only synchronous work is possible, so no grace period.
  const onExit = (): void => killNow("SIGKILL");
  let ending = false;
  /** Stops the children (with a short grace), then exits with `code`. */
  const end = (code: number): void => {
    if (ending) return;
    ending = true;
    void stopAll(1_000).finally(() => proc.exit(code));
  };
  const onSignal = (signal: (typeof SIGNALS)[number]): void => end(SIGNAL_EXIT[signal]);
  const onFatal = (e: unknown): void => {
    proc.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    end(1);
  };
  async function stopAll(graceMs = 3_000): Promise<void> {
    const live = [...children].filter(alive);
    const exited = live.map((c) => new Promise<void>((r) => c.once("exit", () => r())));
    for (const c of live) c.kill("SIGTERM");
    const timer = setTimeout(() => killNow("SIGKILL"), graceMs);
    await Promise.all(exited);
    clearTimeout(timer);
  }
  proc.on("exit", onExit);
  for (const s of SIGNALS) proc.on(s, onSignal);
  proc.on("uncaughtException", onFatal);
  proc.on("unhandledRejection", onFatal);
  return {
    add(child) {
      children.add(child);
      child.once("exit", () => children.delete(child));
      return child;
    },
    stopAll,
    dispose() {
      proc.off("exit", onExit);
      for (const s of SIGNALS) proc.off(s, onSignal);
      proc.off("uncaughtException", onFatal);
      proc.off("unhandledRejection", onFatal);
    },
  };
}
