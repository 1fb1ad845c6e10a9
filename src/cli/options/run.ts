/** `run` as help shows it; the action, commands/run.ts, loads when it runs (commands.ts). */
import { FEATURES } from "../../conformance/case-types.js";
import { FILE_REPORTER_NAMES, REPORTER_NAMES } from "../../conformance/reporters/names.js";
import { defineCommand } from "../command-definition.js";
import { maxAnswerBytesOption, timeoutOption } from "../exchange-limits-options.js";

/** `run`: its options and its action. */
export const runDefinition = defineCommand(
  {
    options: {
      target: { type: "string", describe: "Target file (baseUrl, apps, users, world)" },
      "base-url": {
        type: "string",
        describe: "Base URL; apps and users from --target or fixtures/target.json",
      },
      level: {
        type: "string",
        choices: ["core", "profile"],
        default: "profile",
        describe: "core: social-api.md only; profile: also profile.md decisions",
      },
      grep: {
        type: "string",
        describe: "Only cases whose id matches this regular expression",
      },
      feature: {
        type: "array",
        choices: FEATURES,
        describe: "Only cases with one of these features",
      },
      reporter: {
        type: "array",
        describe: `${REPORTER_NAMES.join("|")}, or name:FILE (repeatable)`,
      },
      out: {
        type: "string",
        describe: `File for the one ${FILE_REPORTER_NAMES.join("/")} reporter`,
      },
      expectations: { type: "string", describe: "Known failures file" },
      "write-expectations": {
        type: "string",
        describe:
          "Write the run's failures as an expectations file (new failures with ready-made reasons, the entries used kept) for --expectations",
      },
      timeout: timeoutOption,
      "max-answer-bytes": maxAnswerBytesOption(
        "a case whose answer is larger is not judged (exit 5 when nothing failed)",
      ),
      concurrency: {
        type: "number",
        default: 16,
        range: { whole: true, min: 1, max: 256 },
        describe: "Cases run at once",
      },
      bail: {
        type: "boolean",
        default: false,
        describe: "Stop after the first unexpected result",
      },
    },
    examples: [
      ["$0 run", "quick start: the whole suite against an in-process reference server"],
      [
        "$0 run --target my-target.json",
        "your implementation (target file: see fixtures/target.json)",
      ],
      [
        "$0 run --base-url http://127.0.0.1:8080 --level core",
        "only what social-api.md itself says, with the bundled apps and users",
      ],
      [
        "$0 run --target t.json --reporter console --reporter junit:reports/junit.xml --reporter json:reports/run.json",
        "CI: progress on the console, JUnit and JSON reports to files",
      ],
      [
        "$0 run --target t.json --reporter console --reporter html:reports/conformance.html",
        "a self-contained HTML report: summary by operation and statement, each failure's expected and actual values, request and curl line",
      ],
      [
        "$0 run --target t.json --expectations known-failures.json",
        "gate on known failures: an unexpected pass or an unused entry fails the run",
      ],
      [
        "$0 run --target t.json --write-expectations known-failures.json",
        "bootstrap the known failures: the same run with --expectations known-failures.json then exits 0",
      ],
      [
        "$0 run --grep '^appdata-write/' --bail",
        "one operation's cases, stop at the first failure",
      ],
    ],
    epilogue:
      "Exit codes: 0 every selected case passed (or failed as expected); 1 a conformance failure, an unexpected pass, a stale expectation or a report file that could not be written; 2 usage or target-file error; 3 the target did not answer: the smoke request did not get 200 (unreachable, credentials refused, redirected: check the base URL), or the target stopped answering during the run (the cases not run are listed); 4 nothing selected (a run that tested nothing is never green); 5 nothing failed, but a case was not judged: an answer was larger than --max-answer-bytes; 130 or 143 interrupted by Ctrl-C or SIGTERM: the started cases finish and every report is written, listing the cases not run (a second signal quits at once). Each failure prints the command that replays it against the same target. NO_COLOR turns the console's colours off. Docs: conformance/README-runners.md.",
  },
  async (argv) =>
    (await import("../commands/run.js")).runCommand({
      target: argv.target,
      baseUrl: argv["base-url"],
      level: argv.level,
      grep: argv.grep,
      feature: argv.feature,
      reporter: argv.reporter,
      out: argv.out,
      expectations: argv.expectations,
      writeExpectations: argv["write-expectations"],
      timeout: argv.timeout,
      maxAnswerBytes: argv["max-answer-bytes"],
      concurrency: argv.concurrency,
      bail: argv.bail,
    }),
);
