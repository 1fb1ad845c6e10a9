/**
 * The target's clock: P-AUTH-3.6 judges a timestamp "from the server clock", so requests are
 * signed by the target's time, read from an answer's `Date` (RFC 9110 §6.6.1), not by this
 * machine's. The smoke requests (run/smoke.ts, fuzz/run-fuzz.ts) read it, and the run, the
 * differential run and the fuzzer sign by it; `request` reads it from a refusal
 * (transport/one-request.ts).
 */
import type { RequestEnv } from "./request-build.js";

/** The target's clock less this machine's, in whole seconds (0 until an answer has shown it). */
export interface TargetClock {
  offsetS: number;
}

/**
 * The target's clock less this machine's, in whole seconds, from an answer's `Date` (the
 * origin's clock, to the second) received at `receivedMs`; 0 without a readable `Date` or
 * within 2 s (the header's resolution and the round trip).
 */
export function clockOffsetS(date: string | undefined, receivedMs: number): number {
  const serverMs = date === undefined ? Number.NaN : Date.parse(date);
  if (Number.isNaN(serverMs)) return 0;
  const offset = Math.round((serverMs - receivedMs) / 1000);
  return Math.abs(offset) <= 2 ? 0 : offset;
}

/** The target's time in seconds since the epoch, by `clock`. */
export function targetNowS(clock: TargetClock | undefined): number {
  return Math.floor(Date.now() / 1000) + (clock?.offsetS ?? 0);
}

/** A request environment's time, following `clock` as the smoke request sets it. */
export function clockedTime(clock: TargetClock): Pick<RequestEnv, "now" | "clockOffsetS"> {
  return { now: () => targetNowS(clock), clockOffsetS: () => clock.offsetS };
}
