/**
 * `opensocial-kit fuzz`: the model-based random checker against a target (default:
 * the reference server, in-process). Thin: options are checked here, the run is the library's
 * (src/conformance/fuzz/).
 */
import { EXIT, loadStatements } from "../../conformance/index.js";
import { endAborted, usageError } from "../abort-exit.js";
import { defineCommand } from "../command-definition.js";
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
}

/** Runs the command; resolves to the exit code. */
export async function fuzzCommand(
  args: FuzzArgs,
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): Promise<number> {
  const usage = usageError("fuzz", err);
  if (args.level !== "core" && args.level !== "profile") return usage("--level is core or profile");
  if (!Number.isInteger(args.steps) || args.steps < 1 || args.steps > 1_000_000)
    return usage("--steps is a whole number from 1 to 1000000");
  if (!(args.time > 0) || args.time > 86_400)
    return usage("--time is a number of seconds (up to 86400)");
  if (
    args.seed !== undefined &&
    (!Number.isInteger(args.seed) || args.seed < 0 || args.seed > 0xffffffff)
  )
    return usage("--seed is a whole number from 0 to 4294967295");
  if (
    args.path !== undefined &&
    !/^[0-9]+(:[0-9]+)*(@[A-Za-z0-9+/]*:[A-Za-z0-9+/]*)?$/.test(args.path)
  )
    return usage("--path is the path a failure printed, such as 12:3:0@BAAE:G");
  if (args.path !== undefined && args.seed === undefined)
    return usage("--path needs the --seed it was printed with");
  if (!Number.isInteger(args.maxCommands) || args.maxCommands < 1 || args.maxCommands > 500)
    return usage("--max-commands is 1-500");
  // fast-check is loaded only by this command (see fast-check-import.ts).
  const lib = await importWithFastCheck(async () => ({
    ...(await import("../../conformance/fuzz/index.js")),
    ...(await import("../../conformance/reporters/fuzz-text.js")),
  }));
  if (typeof lib === "string") return usage(lib);
  const { formatFuzzResult, fuzzSmoke, loadFuzzWorld, runFuzz } = lib;
  const resolved = await resolveTarget(args, "fuzz", err);
  if (typeof resolved === "string") return usage(resolved);
  const { target, stop } = resolved;
  try {
    const world = loadFuzzWorld(target);
    if (!world.ok) return endAborted("fuzz", { abort: "input", issues: world.issues }, err);
    const refusal = await fuzzSmoke(target, world.value);
    if (refusal) return endAborted("fuzz", { abort: "unreachable", refusal }, err);
    const result = await runFuzz({
      target,
      world: world.value,
      level: args.level,
      steps: args.steps,
      timeMs: args.time * 1000,
      maxCommands: args.maxCommands,
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
      ...(args.path !== undefined ? { path: args.path } : {}),
    });
    const st = loadStatements();
    const statements = new Map(st.ok ? st.value.map((s) => [s.id, s.statement] as const) : []);
    const secrets = [
      target.apps.main.consumerSecret,
      ...(target.apps.other ? [target.apps.other.consumerSecret] : []),
    ];
    const replay = `opensocial-kit fuzz${args.target ? ` --target ${args.target}` : ""}${args.baseUrl ? ` --base-url ${args.baseUrl}` : ""} --level ${args.level}`;
    out.write(formatFuzzResult(result, statements, secrets, replay));
    return result.failure ? EXIT.FAILED : EXIT.OK;
  } finally {
    await stop?.();
  }
}

/** `fuzz`: its options and its action. */
export const fuzzDefinition = defineCommand(
  (y) =>
    y
      .option("target", {
        type: "string",
        describe: "Target file (baseUrl, apps, users, world); needs a world",
      })
      .option("base-url", {
        type: "string",
        describe: "Base URL; apps, users and world from --target or fixtures/target.json",
      })
      .option("seed", { type: "number", describe: "fast-check seed (printed by every run)" })
      .option("path", {
        type: "string",
        describe: "Replay one counterexample: the path printed with a failure (needs --seed)",
      })
      .option("steps", {
        type: "number",
        default: 1000,
        describe: "Operations to run (shrinking is bounded apart)",
      })
      .option("time", {
        type: "number",
        default: 120,
        describe: "Bound of the whole run in seconds, shrinking included",
      })
      .option("level", {
        type: "string",
        choices: ["core", "profile"],
        default: "profile",
        describe: "core: readers' tolerance (renderings, order); profile: also the writers' rules",
      })
      .option("max-commands", { type: "number", default: 30, describe: "Longest sequence" })
      .example("$0 fuzz", "2 minutes at most against an in-process reference server")
      .example(
        "$0 fuzz --target my-target.json --steps 5000 --time 300",
        "your implementation, a longer run",
      )
      .example(
        "$0 fuzz --target t.json --seed 42 --path 7:1:0",
        "replay the shrunk failure a run printed",
      )
      .example(
        "$0 fuzz --base-url http://127.0.0.1:8080 --level core",
        "only what social-api.md itself says",
      )
      .epilogue(
        "Writes only keys under a random prefix per sequence, as the target's own users, and deletes them after each sequence. Every read is made in JSON and in Atom, and both are held to the model (JSON ↔ Atom consistency). Exit codes: 0 no failure; 1 a failure was found (printed with its statement, seed, path and curl lines); 2 usage or target-file error; 3 target unreachable or credentials refused.",
      ),
  (argv) =>
    fuzzCommand({
      target: argv.target,
      baseUrl: argv["base-url"],
      seed: argv.seed,
      path: argv.path,
      steps: argv.steps,
      time: argv.time,
      level: argv.level,
      maxCommands: argv["max-commands"],
    }),
);
