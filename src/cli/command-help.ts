/**
 * A command's `--help`: its usage line and description, its positionals and options (each with
 * its type, choices, default, and whether it is required), its examples and its epilogue, laid
 * out in the terminal's width (help-layout.ts).
 */
import type { CommandSpec, NumberRange, OptionSpec } from "./command-definition.js";
import { columns, table, wrapText } from "./help-layout.js";
import { rangeTrait } from "./number-range.js";

/** The flags every command takes. */
const COMMON: Readonly<Record<string, OptionSpec>> = {
  help: { type: "boolean", describe: "Show help" },
  version: { type: "boolean", describe: "Show version number" },
};

/** An option's type (a number's range), choices, default and whether it is required, as help shows them. */
function traits(o: {
  type?: string;
  choices?: readonly string[];
  default?: unknown;
  required?: true;
  range?: NumberRange;
}): string {
  return [
    o.type === undefined ? "" : `[${o.range ? rangeTrait(o.range) : o.type}]`,
    o.choices ? `[choices: ${o.choices.map((c) => JSON.stringify(c)).join(", ")}]` : "",
    o.default === undefined ? "" : `[default: ${JSON.stringify(o.default)}]`,
    o.required ? "[required]" : "",
  ]
    .filter((t) => t !== "")
    .join(" ");
}

/** An example: in two columns when the command line is short, else the line, then what it does. */
function examples(rows: readonly (readonly [string, string])[], width: number): string {
  const narrow = rows.every(([command]) => command.length <= width / 2 - 4);
  if (narrow) return columns(rows, width);
  return rows
    .map(([command, what]) =>
      [`  ${command}`, ...wrapText(what, width - 6).map((line) => `      ${line}`)].join("\n"),
    )
    .join("\n");
}

/** The `--help` of the command called as `usage` (`opensocial-kit request <method> <path>`). */
export function commandHelp(
  program: string,
  usage: string,
  describe: string,
  spec: CommandSpec,
  width: number,
): string {
  const options = { ...COMMON, ...spec.options };
  const flag = (name: string, o: OptionSpec) =>
    o.alias === undefined ? `    --${name}` : `-${o.alias}, --${name}`;
  const parts = [`${program} ${usage}`, "", ...wrapText(describe, width), ""];
  if (spec.positionals?.length)
    parts.push(
      "Positionals:",
      table(
        spec.positionals.map((p) => [p.name, p.describe, "[string] [required]"]),
        width,
      ),
      "",
    );
  parts.push(
    "Options:",
    table(
      Object.entries(options).map(([name, o]) => [flag(name, o), o.describe, traits(o)]),
      width,
    ),
    "",
  );
  if (spec.examples?.length)
    parts.push(
      "Examples:",
      examples(
        spec.examples.map(([command, what]) => [command.replaceAll("$0", program), what]),
        width,
      ),
      "",
    );
  if (spec.epilogue !== undefined) parts.push(...wrapText(spec.epilogue, width), "");
  return parts.join("\n");
}
