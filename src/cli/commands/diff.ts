/**
 * `opensocial-kit diff`: the differential run. The same requests (the suite's, or a
 * fuzz sequence) go to two implementations loaded with the same world; every semantic
 * difference is printed with both answers side by side. Thin: the run is the library's
 * (src/conformance/diff/).
 */
import { EXIT, isRunAbort, loadTarget, type Target } from "../../conformance/index.js";
import { issueText } from "../../conformance/reporters/issue-text.js";
import { apiUrlProblem } from "../../wire/http-url.js";
import { endAborted, usageError } from "../abort-exit.js";
import { interruptOnSignals, signalExit, stopSignal } from "../interrupt.js";
import { fromOption } from "../option-file.js";
import { bundledTarget, startReferenceServer } from "../reference-server.js";
import type { TextSink } from "../text-sink.js";
import { importWithFastCheck } from "./fast-check-import.js";

/** Options of `diff`, as parsed. */
interface DiffArgs {
  target?: string | undefined;
  against?: string | undefined;
  fuzzSeed?: number | undefined;
  fuzzSteps: number;
  grep?: string | undefined;
  timeout: number;
  /** `--max-answer-bytes`. */
  maxAnswerBytes: number;
}

/** `reference`, a base URL (bundled apps, users and world) or a target file. */
async function resolveSide(
  spec: string,
  option: string,
  err: TextSink,
  stops: (() => Promise<void>)[],
): Promise<Target | string> {
  const bundled = loadTarget(bundledTarget());
  if (spec === "reference") {
    if (!bundled.ok) return issueText(bundled.issues);
    const started = await startReferenceServer();
    if (typeof started === "string") return started;
    stops.push(started.stop);
    err.write(`opensocial-kit diff: ${option}: started a reference server at ${started.url}\n`);
    return { ...bundled.value, baseUrl: started.url };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(spec) && !/^https?:\/\//i.test(spec))
    return `${option} ${spec}: not a target file, an http:// or https:// base URL, or reference`;
  if (/^https?:\/\//i.test(spec)) {
    if (!bundled.ok) return issueText(bundled.issues);
    const problem = apiUrlProblem(spec);
    if (problem !== undefined) return `${option} ${problem}`;
    return { ...bundled.value, baseUrl: spec.replace(/\/+$/, "") };
  }
  const loaded = loadTarget(spec);
  return loaded.ok ? loaded.value : issueText(fromOption(option, loaded.issues));
}

/** Runs the command; resolves to the exit code. */
export async function diffCommand(
  args: DiffArgs,
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): Promise<number> {
  const usage = usageError("diff", err);
  if (args.against === undefined)
    return usage(
      "--against names the second implementation (a target file, a base URL, or reference)",
    );
  if (args.grep !== undefined && args.fuzzSeed !== undefined)
    return usage(
      "--grep selects the suite's cases, and --fuzz-seed sends a fuzz sequence instead of them: give one or the other",
    );
  let grep: RegExp | undefined;
  try {
    if (args.grep !== undefined) grep = new RegExp(args.grep);
  } catch (e) {
    return usage(`--grep: ${(e as Error).message}`);
  }
  const lib = await importWithFastCheck(async () => ({
    ...(await import("../../conformance/diff/index.js")),
    ...(await import("../../conformance/reporters/diff-text.js")),
  }));
  if (typeof lib === "string") return usage(lib);
  const { formatDiffResult, runDiff } = lib;
  const stops: (() => Promise<void>)[] = [];
  try {
    // Files and URLs first, then the in-process references: a usage error starts no server.
    const specs = [
      [args.target ?? "reference", "--target"],
      [args.against, "--against"],
    ] as const;
    const sides: Target[] = [];
    for (const started of [false, true])
      for (const [i, [spec, option]] of specs.entries()) {
        if ((spec === "reference") !== started) continue;
        const side = await resolveSide(spec, option, err, stops);
        if (typeof side === "string") return usage(side);
        sides[i] = side;
      }
    const [a, b] = sides as [Target, Target];
    const interrupt = interruptOnSignals(
      "diff",
      "finishing the case under way (its clean-up included), then printing what was compared",
      err,
    );
    const result = await runDiff({
      a,
      b,
      timeoutMs: args.timeout,
      maxAnswerBytes: args.maxAnswerBytes,
      fuzzSteps: args.fuzzSteps,
      ...(args.fuzzSeed !== undefined ? { fuzzSeed: args.fuzzSeed } : {}),
      ...(grep ? { grep } : {}),
      signal: interrupt.signal,
    }).finally(interrupt.release);
    if (isRunAbort(result)) return endAborted("diff", result, err);
    const secrets = [a, b].flatMap((t) => [
      t.apps.main.consumerSecret,
      ...(t.apps.other ? [t.apps.other.consumerSecret] : []),
    ]);
    const names = [args.target ?? "reference", args.against] as const;
    out.write(
      formatDiffResult(result, names, secrets, [
        names[0] === "reference",
        names[1] === "reference",
      ]),
    );
    const stopped = stopSignal(interrupt.signal);
    if (stopped) return signalExit(stopped);
    if (result.differences.length > 0) return EXIT.FAILED;
    if (result.notCompared.length > 0) {
      err.write(
        `opensocial-kit diff: not green: ${result.notCompared.length} request(s) not compared (an answer over --max-answer-bytes)\n`,
      );
      return EXIT.INCOMPLETE;
    }
    if (result.compared === 0) {
      // a diff that compared nothing is never green, as a run that tested nothing
      err.write(
        `opensocial-kit diff: no request compared${grep ? ": no case matches --grep" : ""}\n`,
      );
      return EXIT.EMPTY;
    }
    return EXIT.OK;
  } finally {
    for (const stop of stops) await stop();
  }
}
