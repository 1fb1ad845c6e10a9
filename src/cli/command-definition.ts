/**
 * What a command's options module (options/) exports: its command line as plain data (the
 * positionals, the options, the examples and the epilogue, which command-line.ts parses and
 * command-help.ts renders) and its action, tied together by {@link defineCommand} so that the
 * argument types flow from the spec to the action (which imports the command's module, commands/,
 * when it runs). The command's name and one-line description are in the table of commands.ts,
 * which the CLI reads without loading any of them.
 */

/** One option, `--name` on the command line. */
export interface OptionSpec {
  /** `array`: a list of strings, from repeated flags or the words after one flag. */
  readonly type: "string" | "number" | "boolean" | "array";
  readonly describe: string;
  readonly default?: string | number | boolean;
  /** The values the option accepts (a string option). */
  readonly choices?: readonly string[];
  /** A usage error when left out. */
  readonly required?: true;
  /** A one-letter short form (`-i`). */
  readonly alias?: string;
  /** The values a number option accepts: a whole number (`whole`), from `min`, up to `max`. */
  readonly range?: NumberRange;
}

/** Bounds of a number option, inclusive; checked when the command line is read. */
export interface NumberRange {
  readonly whole?: true;
  readonly min?: number;
  readonly max?: number;
}

/** One positional argument (every one is required), in order. */
interface PositionalSpec {
  readonly name: string;
  readonly describe: string;
}

/** A command's command line. */
export interface CommandSpec {
  readonly positionals?: readonly PositionalSpec[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** `[command line, what it does]`; `$0` stands for the program. */
  readonly examples?: readonly (readonly [string, string])[];
  /** The paragraph after the examples (exit codes, where the docs are). */
  readonly epilogue?: string;
}

/** The value an option gives the action. */
type ValueOf<O> = O extends { type: "boolean" }
  ? boolean
  : O extends { type: "number" }
    ? number
    : O extends { type: "array" }
      ? string[]
      : O extends { choices: readonly (infer C extends string)[] }
        ? C
        : string;

/** An option's value, or undefined when it may be left out and has no default. */
type GivenOf<O> = O extends { default: unknown } | { required: true }
  ? ValueOf<O>
  : ValueOf<O> | undefined;

type PositionalNames<S> = S extends { positionals: readonly { name: infer N extends string }[] }
  ? N
  : never;

/** The arguments of a command line parsed against `S`: options by their names, positionals. */
type ArgsOf<S extends CommandSpec> = {
  readonly [K in keyof S["options"]]: GivenOf<S["options"][K]>;
} & { readonly [N in PositionalNames<S>]: string };

/** A loaded command: its spec, and its action on arguments parsed and checked against it. */
export interface CommandDefinition {
  readonly spec: CommandSpec;
  run(args: Readonly<Record<string, unknown>>): Promise<number>;
}

/** A command from its spec and its action (which resolves to the exit code). */
export function defineCommand<const S extends CommandSpec>(
  spec: S,
  action: (args: ArgsOf<S>) => number | Promise<number>,
): CommandDefinition {
  return { spec, run: async (args) => action(args as ArgsOf<S>) };
}
