/** `fuzz` as help shows it; the action, commands/fuzz.ts, loads when it runs (commands.ts). */
import { defineCommand } from "../command-definition.js";
import { maxAnswerBytesOption, timeoutOption } from "../exchange-limits-options.js";

/** `fuzz`: its options and its action. */
export const fuzzDefinition = defineCommand(
  {
    options: {
      target: {
        type: "string",
        describe: "Target file (baseUrl, apps, users, world); needs a world",
      },
      "base-url": {
        type: "string",
        describe: "Base URL; apps, users and world from --target or fixtures/target.json",
      },
      seed: {
        type: "number",
        range: { whole: true, min: 0, max: 0xffffffff },
        describe: "fast-check seed (printed by every run)",
      },
      path: {
        type: "string",
        describe: "Replay one counterexample: the path printed with a failure (needs --seed)",
      },
      steps: {
        type: "number",
        default: 1000,
        range: { whole: true, min: 1, max: 1_000_000 },
        describe: "Operations to run (shrinking is bounded apart)",
      },
      time: {
        type: "number",
        default: 120,
        range: { min: 1, max: 86_400 },
        describe: "Bound of the whole run in seconds, shrinking included",
      },
      level: {
        type: "string",
        choices: ["core", "profile"],
        default: "profile",
        describe: "core: readers' tolerance (renderings, order); profile: also the writers' rules",
      },
      "max-commands": {
        type: "number",
        default: 30,
        range: { whole: true, min: 1, max: 500 },
        describe: "Longest sequence",
      },
      timeout: timeoutOption,
      "max-answer-bytes": maxAnswerBytesOption(
        "a sequence that gets a larger one is cut short there, not failed (exit 5 when nothing failed)",
      ),
    },
    examples: [
      ["$0 fuzz", "2 minutes at most against an in-process reference server"],
      [
        "$0 fuzz --target my-target.json --steps 5000 --time 300",
        "your implementation, a longer run",
      ],
      ["$0 fuzz --target t.json --seed 42 --path 7:1:0", "replay the shrunk failure a run printed"],
      [
        "$0 fuzz --base-url http://127.0.0.1:8080 --level core",
        "only what social-api.md itself says",
      ],
    ],
    epilogue:
      "Writes only keys under a random prefix per sequence, as the target's own users, and deletes them after each sequence. Every read is made in JSON and in Atom, and both are held to the model (JSON ↔ Atom consistency). Exit codes: 0 no failure; 1 a failure was found (printed with its statement, seed, path and curl lines); 2 usage or target-file error; 3 target unreachable or credentials refused; 5 no failure, but a sequence was cut short by an answer larger than --max-answer-bytes; 130 or 143 interrupted by Ctrl-C or SIGTERM: the operation under way finishes, the sequence's keys are deleted and the summary printed (a second signal quits at once). The seed is printed first, on stderr.",
  },
  async (argv) =>
    (await import("../commands/fuzz.js")).fuzzCommand({
      target: argv.target,
      baseUrl: argv["base-url"],
      seed: argv.seed,
      path: argv.path,
      steps: argv.steps,
      time: argv.time,
      level: argv.level,
      maxCommands: argv["max-commands"],
      timeout: argv.timeout,
      maxAnswerBytes: argv["max-answer-bytes"],
    }),
);
