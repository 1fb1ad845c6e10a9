/**
 * What `opensocial-kit` says before a command is named: `--help` and the usage error of a
 * missing or mistyped command, written here so that neither loads any command (a command's own
 * help is command-help.ts').
 */
import { COMMANDS, commandUsage } from "./commands.js";
import { typoOf } from "./edit-distance.js";
import { columns, table, wrapText } from "./help-layout.js";

/** The program's name as help and errors print it. */
export const PROGRAM = "opensocial-kit";

/** The examples of `opensocial-kit --help` (each command's own are in its `--help`). */
export const MAIN_EXAMPLES: readonly (readonly [string, string])[] = [
  ["$0 run", "the whole suite against an in-process reference server"],
  ["$0 serve --data :memory:", "the sandbox on http://127.0.0.1:8080, nothing kept"],
];

/** The usage error when no command is named. */
export const NAME_A_COMMAND = `Name a command: ${COMMANDS.slice(0, -1)
  .map((c) => c.name)
  .join(", ")} or ${COMMANDS.at(-1)?.name}.`;

/** The line every usage error ends with. */
export const USAGE_HINT = `Run '${PROGRAM} <command> --help' for usage.`;

/** The text of `opensocial-kit --help`, laid out in `width` columns. */
export function mainHelp(width: number): string {
  const program = (s: string) => s.replaceAll("$0", PROGRAM);
  return [
    `${PROGRAM} <command> [options]`,
    "",
    ...wrapText(
      "Library, reference server and conformance kit for the social-platform REST API (/os/0.8/).",
      width,
    ),
    "",
    "Commands:",
    columns(
      COMMANDS.map((c) => [`${PROGRAM} ${commandUsage(c)}`, c.describe]),
      width,
    ),
    "",
    "Options:",
    table(
      [
        ["--help", "Show help", "[boolean]"],
        ["--version", "Show version number", "[boolean]"],
      ],
      width,
    ),
    "",
    "Examples:",
    columns(
      MAIN_EXAMPLES.map(([command, what]) => [program(command), what]),
      width,
    ),
    "",
    ...wrapText(
      `Spec: social-api.md, decisions: profile.md. Docs: README.md. Each command has examples: ${PROGRAM} <command> --help.`,
      width,
    ),
    "",
  ].join("\n");
}

/**
 * The usage error of a command line whose first word names no command (`opensocial-kit rnu`):
 * the word, the command it is a typo of (edit-distance.ts) when there is one, else the list of
 * commands.
 */
export function unknownCommand(word: string): string {
  const nearest = typoOf(
    word,
    COMMANDS.map((c) => c.name),
  );
  const quoted = JSON.stringify(word.length > 40 ? `${word.slice(0, 40)}…` : word);
  return `Unknown command ${quoted}. ${nearest ? `Did you mean ${nearest}?` : NAME_A_COMMAND}`;
}
