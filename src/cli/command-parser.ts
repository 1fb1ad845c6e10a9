/**
 * A command line that holds a command's name: the command is its first word that is no option
 * and no option's value (as yargs read it); that command's options module alone is loaded, and
 * the other words are read against its spec (command-line.ts). Its
 * `--help` and its usage errors are answered from the spec, and only an accepted command line
 * loads the action (the runner, the server). Loaded by main.ts only for such a command line.
 */
import { EXIT } from "../conformance/run/exit-codes.js";
import { commandHelp } from "./command-help.js";
import { commandWordAt, readCommandLine } from "./command-line.js";
import { COMMANDS, commandUsage } from "./commands.js";
import { helpWidth } from "./help-layout.js";
import { NAME_A_COMMAND, PROGRAM, USAGE_HINT, unknownCommand } from "./main-help.js";
import { packageVersion } from "./version.js";

/** Reads `argv` (which holds a command's name), then runs the command; resolves to the exit code. */
export async function parseCommandLine(argv: readonly string[]): Promise<number> {
  const at = commandWordAt(argv);
  const entry = COMMANDS.find((c) => c.name === argv[at]);
  if (entry === undefined) {
    // a command's name read as an option's value (`--bail run`): say where it goes
    const named = COMMANDS.find((c) => argv.includes(c.name));
    const word = argv[at];
    const message =
      word !== undefined
        ? unknownCommand(word)
        : named
          ? `"${named.name}" was read as the value of an option before it: put the command first (${PROGRAM} ${named.name} …).`
          : NAME_A_COMMAND;
    process.stderr.write(`${message}\n${USAGE_HINT}\n`);
    return EXIT.USAGE;
  }
  const definition = await entry.load();
  const line = readCommandLine(definition.spec, [...argv.slice(0, at), ...argv.slice(at + 1)]);
  switch (line.kind) {
    case "help":
      process.stdout.write(
        commandHelp(PROGRAM, commandUsage(entry), entry.describe, definition.spec, helpWidth()),
      );
      return EXIT.OK;
    case "version":
      process.stdout.write(`${packageVersion()}\n`);
      return EXIT.OK;
    case "usage":
      process.stderr.write(`${line.message}\nRun '${PROGRAM} ${entry.name} --help' for usage.\n`);
      return EXIT.USAGE;
    case "run":
      return definition.run(line.args);
  }
}
