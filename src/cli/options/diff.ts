/** `diff` as help shows it; the action, commands/diff.ts, loads when it runs (commands.ts). */

import { defineCommand } from "../command-definition.js";
import { maxAnswerBytesOption, timeoutOption } from "../exchange-limits-options.js";

/** `diff`: its options and its action. */
export const diffDefinition = defineCommand(
  {
    options: {
      target: {
        type: "string",
        describe:
          "Implementation A: a target file, a base URL (bundled apps/users/world) or reference (default: reference, in-process)",
      },
      against: {
        type: "string",
        describe: "Implementation B, in the same forms (required)",
      },
      "fuzz-seed": {
        type: "number",
        range: { whole: true, min: 0, max: 0xffffffff },
        describe: "Replay the fuzz sequence of this seed instead of the suite's requests",
      },
      "fuzz-steps": {
        type: "number",
        default: 300,
        range: { whole: true, min: 1, max: 100_000 },
        describe: "Operations of the fuzz sequence",
      },
      grep: {
        type: "string",
        describe: "Only cases whose id matches this regular expression (suite mode)",
      },
      timeout: timeoutOption,
      "max-answer-bytes": maxAnswerBytesOption(
        "a request whose answer is larger on either side is not compared (exit 5 when nothing differed)",
      ),
    },
    examples: [
      [
        "$0 diff --against http://127.0.0.1:8080",
        "the in-process reference against your server (bundled world)",
      ],
      [
        "$0 diff --target old.json --against new.json",
        "an old container against its replacement, both loaded with the same world",
      ],
      [
        "$0 diff --target old.json --against new.json --fuzz-seed 42 --fuzz-steps 1000",
        "a random sequence instead of the suite",
      ],
    ],
    epilogue:
      "Not differences: integers as numeric strings and booleans as text (P-FMT-6), JSON member order, members the documents do not name, the order of an appdata answer's users, XML prefixes, whitespace between elements and extension elements, error message text, headers other than Content-Type and a 405's Allow. Both implementations must hold the same world (fixtures/world.json for a base URL). Identical differences (same place, same values) are printed once, with how many requests showed them. A curl line never names the in-process reference (stopped when diff ends): the request as made for B is shown instead, or, when both sides are in-process, the method and path to send to one started with opensocial-kit serve. Exit codes: 0 no semantic difference; 1 differences (each printed with both answers); 2 usage or target-file error; 3 a target unreachable or refusing the credentials; 4 nothing compared (a --grep that selects no case); 5 no difference, but a request was not compared: an answer was larger than --max-answer-bytes; 130 or 143 interrupted by Ctrl-C or SIGTERM: the case under way finishes with its clean-up and what was compared is printed (a second signal quits at once).",
  },
  async (argv) =>
    (await import("../commands/diff.js")).diffCommand({
      target: argv.target,
      against: argv.against,
      fuzzSeed: argv["fuzz-seed"],
      fuzzSteps: argv["fuzz-steps"],
      grep: argv.grep,
      timeout: argv.timeout,
      maxAnswerBytes: argv["max-answer-bytes"],
    }),
);
