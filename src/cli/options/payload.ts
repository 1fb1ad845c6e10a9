/**
 * `validate` and `convert` as help shows them; the action, commands/payload.ts, loads when it runs
 * (commands.ts).
 */
import type { Argv } from "yargs";
import { KINDS } from "../../schemas/kinds.js";
import { defineCommand } from "../command-definition.js";

const EXITS =
  "Exit codes: 0 valid, 1 invalid (one line per issue), 2 usage (unknown kind or format, unreadable file).";

/** The positional and options `validate` and `convert` share. */
const payloadOptions = (y: Argv) =>
  y
    .positional("file", {
      type: "string",
      demandOption: true,
      describe: "Captured body, or - for standard input",
    })
    .option("kind", {
      type: "string",
      demandOption: true,
      describe: `Document kind: ${KINDS.join(", ")}`,
    })
    .option("format", {
      type: "string",
      choices: ["json", "atom"],
      describe: "Default: Atom if the body starts with <, else JSON",
    });

/** `validate`: its options and its action. */
export const validateDefinition = defineCommand(
  (y) =>
    payloadOptions(y)
      .option("strict", {
        type: "boolean",
        default: false,
        describe: "Report numbers and booleans rendered as strings (P-FMT-6 writers' rule)",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the result as JSON" })
      .example("$0 validate friends.json --kind people", "a saved @friends answer")
      .example(
        "$0 request GET 'appdata/@me/@self/@app?format=atom' | $0 validate - --kind appdata",
        "from standard input: an answer of the sandbox, checked as it comes",
      )
      .epilogue(EXITS),
  async (argv) =>
    (await import("../commands/payload.js")).validateCommand({
      file: String(argv.file),
      kind: String(argv.kind),
      format: argv.format as string | undefined,
      strict: argv.strict === true,
      json: argv.json === true,
    }),
);

/** `convert`: its options and its action. */
export const convertDefinition = defineCommand(
  (y) =>
    payloadOptions(y)
      .option("to", {
        type: "string",
        choices: ["json", "atom"],
        demandOption: true,
        describe: "Target form",
      })
      .option("owner", {
        type: "string",
        describe: "Photos to Atom: the album owner's platformUserId (entry author, P-FMT-7)",
      })
      .example("$0 convert appdata.json --kind appdata --to atom", "JSON to Atom (§4.3)")
      .example("$0 convert feed.xml --kind people --to json", "Atom to JSON")
      .example(
        "$0 convert photos.json --kind photos --to atom --owner example.org:alice",
        "photos name their album's owner as each entry's author (P-FMT-7)",
      )
      .epilogue(
        "Exit codes: 0 converted (on stdout), 1 invalid input (issues on stderr), 2 usage.",
      ),
  async (argv) =>
    (await import("../commands/payload.js")).convertCommand({
      file: String(argv.file),
      kind: String(argv.kind),
      format: argv.format as string | undefined,
      to: String(argv.to),
      owner: argv.owner as string | undefined,
    }),
);
