/**
 * What a command module exports: its options (a yargs builder) and its action, tied together by
 * {@link defineCommand} so that the argument types flow from the options to the action. The
 * command's name and one-line description are in the table of commands.ts, which the CLI reads
 * without loading any command module.
 */
import type { ArgumentsCamelCase, Argv } from "yargs";

/** A loaded command, ready to be registered on a yargs instance. */
export interface CommandDefinition {
  /** Registers the command as `usage` (e.g. `request <method> <path>`) with `describe`. */
  attach(cli: Argv, usage: string, describe: string, setExit: (code: number) => void): void;
}

/** A command from its options and its action (which resolves to the exit code). */
export function defineCommand<T>(
  options: (y: Argv) => Argv<T>,
  action: (argv: ArgumentsCamelCase<T>) => number | Promise<number>,
): CommandDefinition {
  return {
    attach(cli, usage, describe, setExit) {
      cli.command(usage, describe, options, async (argv) => {
        setExit(await action(argv));
      });
    },
  };
}
