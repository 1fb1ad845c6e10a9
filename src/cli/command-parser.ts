/**
 * A command line that names a command: the command's options module alone is loaded, and the
 * other words are read against its spec (command-line.ts). Its
 * `--help` and its usage errors are answered from the spec, and only an accepted command line
 * loads the action (the runner, the server). Loaded by main.ts only for such a command line.
 */
import { EXIT } from "../conformance/run/exit-codes.js";
import { commandHelp } from "./command-help.js";
import { readCommandLine } from "./command-line.js";
import { type CommandEntry, commandUsage } from "./commands.js";
import { helpWidth } from "./help-layout.js";
import { PROGRAM } from "./main-help.js";
import { packageVersion } from "./version.js";

/**
 * Reads `words` (the command line but the command's name, commands.ts' `commandIn`) for the
 * command `entry` and runs it; resolves to the exit code.
 */
export async function parseCommandLine(
  entry: CommandEntry,
  words: readonly string[],
): Promise<number> {
  const definition = await entry.load();
  const line = readCommandLine(definition.spec, words);
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
