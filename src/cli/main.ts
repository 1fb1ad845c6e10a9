/**
 * The `opensocial-kit` command line. Thin: each command parses its options and calls the
 * library; the commands are listed in `commands.ts`. A command line that names no command
 * (`--version`, `--help`, a missing or mistyped command) is answered here, loading no command;
 * one that names a command is read against that command's spec (command-parser.ts), which loads
 * that command's modules only.
 */
import { EXIT } from "../conformance/run/exit-codes.js";
import { COMMANDS } from "./commands.js";
import { helpWidth } from "./help-layout.js";
import { mainHelp, NAME_A_COMMAND, USAGE_HINT, unknownCommand } from "./main-help.js";
import { packageVersion } from "./version.js";

/** Runs the CLI with `argv` (without node and script). Resolves to the exit code. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  if (COMMANDS.some((c) => argv.includes(c.name))) {
    const { parseCommandLine } = await import("./command-parser.js");
    return parseCommandLine(argv);
  }
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(mainHelp(helpWidth()));
    return EXIT.OK;
  }
  if (argv.includes("--version")) {
    process.stdout.write(`${packageVersion()}\n`);
    return EXIT.OK;
  }
  const word = argv.find((a) => !a.startsWith("-"));
  process.stderr.write(
    `${word === undefined ? NAME_A_COMMAND : unknownCommand(word)}\n${USAGE_HINT}\n`,
  );
  return EXIT.USAGE;
}
