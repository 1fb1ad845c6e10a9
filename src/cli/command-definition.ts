/**
 * What a command's options module (options/) exports: its options (a yargs builder) and its
 * action, tied together by {@link defineCommand} so that the argument types flow from the options
 * to the action (which imports the command's module, commands/, when it runs). The command's name
 * and one-line description are in the table of commands.ts, which the CLI reads without loading
 * any of them.
 */
import type { ArgumentsCamelCase, Argv } from "yargs";

/**
 * Thrown by a command's yargs handler once yargs has parsed and checked the command line; the
 * parser then runs the action outside yargs. (Past a handler yargs lays out the command's
 * whole help text, in case a later failure shows it: 50–100 ms of CPU for nothing, since
 * ours never does.)
 */
export class ChosenCommand {
  constructor(readonly run: () => Promise<number>) {}
}

/** A loaded command, ready to be registered on a yargs instance. */
export interface CommandDefinition {
  /** Registers the command as `usage` (e.g. `request <method> <path>`) with `describe`. */
  attach(cli: Argv, usage: string, describe: string): void;
}

/** A command from its options and its action (which resolves to the exit code). */
export function defineCommand<T>(
  options: (y: Argv) => Argv<T>,
  action: (argv: ArgumentsCamelCase<T>) => number | Promise<number>,
): CommandDefinition {
  return {
    attach(cli, usage, describe) {
      cli.command(usage, describe, options, (argv) => {
        throw new ChosenCommand(async () => action(argv));
      });
    },
  };
}
