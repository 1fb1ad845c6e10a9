/**
 * What `opensocial-kit` says before a command is named: `--help` and the usage error of a
 * missing command, written here without yargs so that neither loads yargs or any command (the
 * commands' own help is yargs', in command-parser.ts).
 */
import { COMMANDS, commandUsage } from "./commands.js";

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

/** The width help is laid out in: the terminal's, at most 100 columns. */
export function helpWidth(columns: number | undefined = process.stdout.columns): number {
  return Math.min(100, columns || 100);
}

/** `text` cut into lines of at most `width` characters at spaces (a longer word stays whole). */
function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** Two columns, indented by two: the left one as wide as its widest cell, the right one wrapped. */
function columns(rows: readonly (readonly [string, string])[], width: number): string {
  const left = Math.max(...rows.map(([l]) => l.length)) + 2;
  const indent = " ".repeat(2 + left);
  return rows
    .map(([l, r]) =>
      wrapText(r, Math.max(20, width - indent.length))
        .map((line, i) => (i === 0 ? `  ${l.padEnd(left)}${line}` : `${indent}${line}`))
        .join("\n"),
    )
    .join("\n");
}

/** The type column of the two flags, as yargs writes it in each command's help. */
const BOOLEAN = "[boolean]";

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
    columns(
      [
        ["--help", "Show help"],
        ["--version", "Show version number"],
      ],
      width - BOOLEAN.length,
    )
      .split("\n")
      .map((line) => line.padEnd(width - BOOLEAN.length) + BOOLEAN)
      .join("\n"),
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

/** Edits (insertions, deletions, substitutions) between `a` and `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length] as number;
}

/** A word this many edits or fewer from a command's name is taken for a typo of it. */
const TYPO_EDITS = 2;

/**
 * The usage error of a command line whose first word names no command (`opensocial-kit rnu`):
 * the word, the command it is a typo of when one is within {@link TYPO_EDITS} edits, else the
 * list of commands.
 */
export function unknownCommand(word: string): string {
  const [nearest] = COMMANDS.map((c) => ({ name: c.name, d: editDistance(word, c.name) }))
    .filter((c) => c.d <= TYPO_EDITS)
    .sort((x, y) => x.d - y.d);
  const quoted = JSON.stringify(word.length > 40 ? `${word.slice(0, 40)}…` : word);
  return `Unknown command ${quoted}. ${nearest ? `Did you mean ${nearest.name}?` : NAME_A_COMMAND}`;
}
