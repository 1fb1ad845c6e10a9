/**
 * A command's words parsed against its spec (command-definition.ts): yargs-parser reads them as
 * yargs did (`--name value` and `--name=value`, `--no-flag`, `--camelCase` for `--camel-case`,
 * an array option's values repeated or listed after one flag, `-i` for an alias), then the
 * words are checked as a strict command line: every positional given and no more, no unknown
 * option (a near miss of a known one is named: "Did you mean --level?"), required options present,
 * a choice among its choices, a number that is one, an option that is not a list given once.
 */
import parser from "yargs-parser";
import type { CommandSpec, OptionSpec } from "./command-definition.js";
import { typoOf } from "./edit-distance.js";
import { inRange, rangeText } from "./number-range.js";

/** What a command line asks for. */
type CommandLine =
  /** Run the command with these arguments (options by name, positionals by name). */
  | { readonly kind: "run"; readonly args: Readonly<Record<string, unknown>> }
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  /** A usage error: what is wrong, in one or more lines. */
  | { readonly kind: "usage"; readonly message: string };

const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** A number option's value as a number: its default, or a word that writes one (not ""). */
function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isNaN(n) ? undefined : n;
}

/** The option names of each type, the aliases and the defaults, as yargs-parser takes them. */
function parserOptions(options: Readonly<Record<string, OptionSpec>>): parser.Options {
  const of = (type: OptionSpec["type"]) =>
    Object.keys(options).filter((n) => options[n]?.type === type);
  const alias: Record<string, string[]> = {};
  const defaults: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(options)) {
    alias[name] = [
      ...(o.alias === undefined ? [] : [o.alias]),
      ...(camel(name) === name ? [] : [camel(name)]),
    ];
    if (o.default !== undefined) defaults[name] = o.default;
  }
  return {
    // a number is read as text and made a number here: yargs-parser reads "" as 0
    string: [...of("string"), ...of("array"), ...of("number")],
    boolean: [...of("boolean"), "help", "version"],
    array: of("array"),
    alias: { ...alias, help: ["h"] },
    default: defaults,
    configuration: { "dot-notation": false, "parse-positional-numbers": false },
  };
}

/** Reads `words` (the command line without the program and the command's name) against `spec`. */
export function readCommandLine(spec: CommandSpec, words: readonly string[]): CommandLine {
  const parsed = parser.detailed([...words], parserOptions(spec.options));
  const argv: Readonly<Record<string, unknown>> & { readonly _: readonly (string | number)[] } =
    parsed.argv;
  if (argv.help === true) return { kind: "help" };
  if (argv.version === true) return { kind: "version" };
  if (parsed.error) return { kind: "usage", message: parsed.error.message };
  const positionals = spec.positionals ?? [];
  const given = argv._.map(String);
  if (given.length < positionals.length)
    return {
      kind: "usage",
      message: `Not enough non-option arguments: got ${given.length}, need at least ${positionals.length}`,
    };
  const known = new Set(["_", "--", "help", "h", "version"]);
  for (const [name, o] of Object.entries(spec.options)) {
    known.add(name).add(camel(name));
    if (o.alias !== undefined) known.add(o.alias);
  }
  // an unknown --foo-bar is read as foo-bar and fooBar: named once, as written
  const unknownOptions = Object.keys(argv).filter(
    (k) => !known.has(k) && !(k !== kebab(k) && Object.hasOwn(argv, kebab(k))),
  );
  const unknown = [...unknownOptions, ...given.slice(positionals.length)];
  if (unknown.length) {
    const typo =
      unknown.length === 1 && unknownOptions[0] !== undefined
        ? typoOf(unknownOptions[0], Object.keys(spec.options))
        : undefined;
    return {
      kind: "usage",
      message: `${plural(unknown.length, "Unknown argument", "Unknown arguments")}: ${unknown.join(", ")}${typo ? `. Did you mean --${typo}?` : ""}`,
    };
  }
  const missing = Object.keys(spec.options).filter(
    (n) => spec.options[n]?.required && argv[n] === undefined,
  );
  if (missing.length)
    return {
      kind: "usage",
      message: `${plural(missing.length, "Missing required argument", "Missing required arguments")}: ${missing.join(", ")}`,
    };
  const args: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    const value: unknown = argv[name];
    if (value === undefined) continue;
    if (o.type !== "array" && Array.isArray(value))
      return { kind: "usage", message: `--${name} is given more than once` };
    if (o.type === "number") {
      const n = numberOf(value);
      if (n === undefined || !inRange(n, o.range))
        return {
          kind: "usage",
          message: `--${name} is ${rangeText(o.range)}${n !== undefined ? `, not ${n}` : typeof value === "string" ? `, not ${JSON.stringify(value)}` : ""}`,
        };
      args[name] = n;
      continue;
    }
    // `--no-out` reads as out: false
    const text = (v: unknown) => typeof v === "string";
    if (
      (o.type === "string" && !text(value)) ||
      (o.type === "array" && !(Array.isArray(value) && value.length > 0 && value.every(text)))
    )
      return { kind: "usage", message: `--${name} takes a value` };
    // a list's every value is one of the choices
    const given = Array.isArray(value) ? value : [value];
    const wrong = o.choices && given.find((v) => !o.choices?.includes(String(v)));
    if (o.choices && wrong !== undefined)
      return {
        kind: "usage",
        message: `Invalid values:\n  Argument: ${name}, Given: ${JSON.stringify(wrong)}, Choices: ${o.choices.map((c) => JSON.stringify(c)).join(", ")}`,
      };
    args[name] = value;
  }
  for (const [i, p] of positionals.entries()) args[p.name] = given[i];
  return { kind: "run", args };
}

/**
 * Where the command's name stands in `argv`: the first word that is no option and no option's
 * value, as yargs read it (`--grep serve run` is `run` with `--grep serve`); -1 when there is
 * none. The words are read with no spec but `--help` and `--version`, which take no value, so
 * another option before the command takes the next word as its value unless written
 * `--name=value`.
 */
export function commandWordAt(argv: readonly string[]): number {
  // each word that is no option stands for its index, so the first positional tells where it is
  const marked = argv.map((w, i) => (w.startsWith("-") && w !== "-" ? w : `\u0000${i}`));
  // --help and --version take no value: `--help run` is run's help
  const first = parser(marked, {
    boolean: ["help", "h", "version"],
    configuration: { "dot-notation": false },
  })._[0];
  return typeof first === "string" && first.startsWith("\u0000") ? Number(first.slice(1)) : -1;
}
