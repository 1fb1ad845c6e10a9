/**
 * `opensocial-kit fuzz`: the model-based random checker against a target (default:
 * the reference server, in-process). Thin: options are checked here, the run is the library's
 * (src/conformance/fuzz/).
 */
import { EXIT, loadStatements } from "../../conformance/index.js";
import { endAborted, usageError } from "../abort-exit.js";
import { interruptOnSignals, signalExit, stopSignal } from "../interrupt.js";
import type { TextSink } from "../text-sink.js";
import { importWithFastCheck } from "./fast-check-import.js";
import { resolveTarget } from "./target-option.js";

/** Options of `fuzz`, as parsed. */
interface FuzzArgs {
  target?: string | undefined;
  baseUrl?: string | undefined;
  seed?: number | undefined;
  path?: string | undefined;
  steps: number;
  time: number;
  level: string;
  maxCommands: number;
  /** `--timeout`, per request in ms. */
  timeout: number;
  /** `--max-answer-bytes`. */
  maxAnswerBytes: number;
}

/** Runs the command; resolves to the exit code. */
export async function fuzzCommand(
  args: FuzzArgs,
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): Promise<number> {
  const usage = usageError("fuzz", err);
  if (args.level !== "core" && args.level !== "profile") return usage("--level is core or profile");
  if (
    args.path !== undefined &&
    !/^[0-9]+(:[0-9]+)*(@[A-Za-z0-9+/]*:[A-Za-z0-9+/]*)?$/.test(args.path)
  )
    return usage("--path is the path a failure printed, such as 12:3:0@BAAE:G");
  if (args.path !== undefined && args.seed === undefined)
    return usage("--path needs the --seed it was printed with");
  // fast-check is loaded only by this command (see fast-check-import.ts).
  const lib = await importWithFastCheck(async () => ({
    ...(await import("../../conformance/fuzz/index.js")),
    ...(await import("../../conformance/reporters/fuzz-text.js")),
  }));
  if (typeof lib === "string") return usage(lib);
  const { formatFuzzResult, fuzzLimits, fuzzSmoke, loadFuzzWorld, newFuzzSeed, runFuzz } = lib;
  const resolved = await resolveTarget(args, "fuzz", err);
  if (typeof resolved === "string") return usage(resolved);
  const { target, stop } = resolved;
  try {
    const world = loadFuzzWorld(target);
    if (!world.ok) return endAborted("fuzz", { abort: "input", issues: world.issues }, err);
    // the target's clock, read by the smoke request, signs every request (P-AUTH-3.6)
    const clock = { offsetS: 0 };
    const limits = fuzzLimits({
      requestTimeoutMs: args.timeout,
      maxAnswerBytes: args.maxAnswerBytes,
    });
    const refusal = await fuzzSmoke(target, world.value, clock, limits);
    if (refusal) return endAborted("fuzz", { abort: "unreachable", refusal }, err);
    // The seed is said first, so that a run killed outright can still be replayed.
    const seed = args.seed ?? newFuzzSeed();
    err.write(`opensocial-kit fuzz: seed ${seed}\n`);
    const interrupt = interruptOnSignals(
      "fuzz",
      "finishing the operation under way and deleting the sequence's keys",
      err,
    );
    const result = await runFuzz({
      target,
      world: world.value,
      level: args.level,
      steps: args.steps,
      timeMs: args.time * 1000,
      maxCommands: args.maxCommands,
      requestTimeoutMs: args.timeout,
      maxAnswerBytes: args.maxAnswerBytes,
      seed,
      ...(args.path !== undefined ? { path: args.path } : {}),
      signal: interrupt.signal,
      clock,
    }).finally(interrupt.release);
    const st = loadStatements();
    const statements = new Map(st.ok ? st.value.map((s) => [s.id, s.statement] as const) : []);
    const secrets = [
      target.apps.main.consumerSecret,
      ...(target.apps.other ? [target.apps.other.consumerSecret] : []),
    ];
    const replay = `opensocial-kit fuzz${args.target ? ` --target ${args.target}` : ""}${args.baseUrl ? ` --base-url ${args.baseUrl}` : ""} --level ${args.level}`;
    out.write(formatFuzzResult(result, statements, secrets, replay));
    const stopped = stopSignal(interrupt.signal);
    if (stopped) return signalExit(stopped);
    if (result.failure) return EXIT.FAILED;
    return result.overCap > 0 ? EXIT.INCOMPLETE : EXIT.OK;
  } finally {
    await stop?.();
  }
}
