/**
 * A command line that names a command, parsed by yargs: the modules of the commands it names
 * are loaded and registered with their options, the others by name only (yargs still knows
 * them, for its usage errors). Loaded by main.ts only for such a command line.
 */
import yargs from "yargs";
import { EXIT } from "../conformance/run/exit-codes.js";
import { ChosenCommand } from "./command-definition.js";
import { COMMANDS, commandUsage } from "./commands.js";
import { helpWidth, NAME_A_COMMAND, PROGRAM, USAGE_HINT } from "./main-help.js";
import { packageVersion } from "./version.js";

/** Thrown from yargs' failure handler so that no command runs after a usage error. */
const USAGE = Symbol("usage");

/** Parses `argv` and runs the command it names; resolves to the exit code. */
export async function parseCommandLine(argv: readonly string[]): Promise<number> {
  const cli = yargs([...argv])
    .scriptName(PROGRAM)
    .version(packageVersion())
    .strict()
    .demandCommand(1, NAME_A_COMMAND)
    .recommendCommands()
    .wrap(helpWidth())
    .exitProcess(false)
    .fail((msg, err) => {
      if (err) throw err;
      process.stderr.write(`${msg}\n${USAGE_HINT}\n`);
      throw USAGE;
    });
  for (const entry of COMMANDS) {
    if (argv.includes(entry.name))
      (await entry.load()).attach(cli, commandUsage(entry), entry.describe);
    else cli.command(commandUsage(entry), entry.describe);
  }
  try {
    await cli.parseAsync(); // --help or --version: printed, no command chosen
  } catch (e) {
    if (e === USAGE) return EXIT.USAGE;
    if (e instanceof ChosenCommand) return e.run();
    throw e;
  }
  return EXIT.OK;
}
