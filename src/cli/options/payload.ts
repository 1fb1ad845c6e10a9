/**
 * `validate` and `convert` as help shows them; the action, commands/payload.ts, loads when it runs
 * (commands.ts).
 */
import { KINDS } from "../../schemas/kinds.js";
import { defineCommand } from "../command-definition.js";

const EXITS =
  "Exit codes: 0 valid, 1 invalid (one line per issue), 2 usage (unknown kind or format, unreadable file).";

/** The positional `validate` and `convert` share. */
const FILE = [{ name: "file", describe: "Captured body, or - for standard input" }] as const;

/** The options `validate` and `convert` share. */
const PAYLOAD_OPTIONS = {
  kind: { type: "string", required: true, describe: `Document kind: ${KINDS.join(", ")}` },
  format: {
    type: "string",
    choices: ["json", "atom"],
    describe: "Default: Atom if the body starts with <, else JSON",
  },
} as const;

/** `validate`: its options and its action. */
export const validateDefinition = defineCommand(
  {
    positionals: FILE,
    options: {
      ...PAYLOAD_OPTIONS,
      strict: {
        type: "boolean",
        default: false,
        describe: "Report numbers and booleans rendered as strings (P-FMT-6 writers' rule)",
      },
      json: { type: "boolean", default: false, describe: "Print the result as JSON" },
    },
    examples: [
      ["$0 validate friends.json --kind people", "a saved @friends answer"],
      [
        "$0 request GET 'appdata/@me/@self/@app?format=atom' | $0 validate - --kind appdata",
        "from standard input: an answer of the sandbox, checked as it comes",
      ],
    ],
    epilogue: EXITS,
  },
  async (argv) =>
    (await import("../commands/payload.js")).validateCommand({
      file: argv.file,
      kind: argv.kind,
      format: argv.format,
      strict: argv.strict,
      json: argv.json,
    }),
);

/** `convert`: its options and its action. */
export const convertDefinition = defineCommand(
  {
    positionals: FILE,
    options: {
      ...PAYLOAD_OPTIONS,
      to: {
        type: "string",
        choices: ["json", "atom"],
        required: true,
        describe: "Target form",
      },
      owner: {
        type: "string",
        describe: "Photos to Atom: the album owner's platformUserId (entry author, P-FMT-7)",
      },
    },
    examples: [
      ["$0 convert appdata.json --kind appdata --to atom", "JSON to Atom (§4.3)"],
      ["$0 convert feed.xml --kind people --to json", "Atom to JSON"],
      [
        "$0 convert photos.json --kind photos --to atom --owner example.org:alice",
        "photos name their album's owner as each entry's author (P-FMT-7)",
      ],
    ],
    epilogue: "Exit codes: 0 converted (on stdout), 1 invalid input (issues on stderr), 2 usage.",
  },
  async (argv) =>
    (await import("../commands/payload.js")).convertCommand({
      file: argv.file,
      kind: argv.kind,
      format: argv.format,
      to: argv.to,
      owner: argv.owner,
    }),
);
