/**
 * Number options' bounds are data (command-definition.ts `range`), checked when the command line
 * is read, for every command's every bounded option: the edges are accepted, one past them, a
 * fraction where a whole number is asked and a word that is no number are refused with the
 * bounds in words; help shows them beside the option; each default lies within.
 */
import { describe, expect, it } from "vitest";
import type { NumberRange, OptionSpec } from "../../src/cli/command-definition.js";
import { commandHelp } from "../../src/cli/command-help.js";
import { readCommandLine } from "../../src/cli/command-line.js";
import { COMMANDS, commandUsage } from "../../src/cli/commands.js";
import { inRange, rangeText, rangeTrait } from "../../src/cli/number-range.js";

const specs = await Promise.all(
  COMMANDS.map(async (c) => ({ entry: c, spec: (await c.load()).spec })),
);
const bounded = specs.flatMap(({ entry, spec }) =>
  Object.entries(spec.options)
    .filter((e): e is [string, OptionSpec & { range: NumberRange }] => e[1].range !== undefined)
    .map(([name, o]) => ({ entry, spec, name, o })),
);
/** The words that give a command's required positionals and options, so only `extra` can fail. */
function line(spec: (typeof specs)[number]["spec"], extra: string[]): string[] {
  const positionals = (spec.positionals ?? []).map(() => "x");
  const required = Object.entries(spec.options)
    .filter(([, o]) => o.required)
    .flatMap(([n]) => [`--${n}`, "x"]);
  return [...positionals, ...required, ...extra];
}

describe("number options' bounds", () => {
  it("every number option of every command has bounds", () => {
    const numbers = specs.flatMap(({ spec }) =>
      Object.values(spec.options).filter((o) => o.type === "number"),
    );
    expect(numbers.length).toBeGreaterThan(8);
    expect(numbers.filter((o) => o.range === undefined)).toEqual([]);
  });

  it.each(bounded.map((b) => [`${b.entry.name} --${b.name}`, b] as const))(
    "%s: the edges are read, one past them, a fraction and a word are refused in words",
    (_label, { spec, name, o }) => {
      const read = (value: string) => readCommandLine(spec, line(spec, [`--${name}`, value]));
      const { min, max, whole } = o.range;
      for (const edge of [min, max].filter((n) => n !== undefined))
        expect(read(String(edge)).kind, `--${name} ${edge}`).toBe("run");
      const refused = [
        ...(min !== undefined ? [min - 1] : []),
        ...(max !== undefined ? [max + 1] : []),
        ...(whole ? [(min ?? 0) + 1.5] : []),
        "many",
      ];
      for (const value of refused) {
        const r = read(String(value));
        expect(r.kind, `--${name} ${value}`).toBe("usage");
        if (r.kind === "usage") expect(r.message).toContain(`--${name} is ${rangeText(o.range)}`);
      }
      if (typeof o.default === "number") expect(inRange(o.default, o.range)).toBe(true);
    },
  );

  it.each(bounded.filter((b) => b.name === "timeout").map((b) => [b.entry.name, b] as const))(
    "%s --timeout is no longer than a timer can wait (2^31 - 1 ms: longer fires at once)",
    (_label, { spec, o }) => {
      expect(o.range.max).toBe(2 ** 31 - 1);
      expect(readCommandLine(spec, line(spec, ["--timeout", "3000000000"])).kind).toBe("usage");
    },
  );

  it("help shows each option's bounds beside it", () => {
    for (const { entry, spec, name, o } of bounded) {
      const help = commandHelp("opensocial-kit", commandUsage(entry), entry.describe, spec, 200);
      const row = help.split("\n").find((l) => l.trimStart().startsWith(`--${name} `));
      expect(row, `${entry.name} --${name}`).toContain(`[${rangeTrait(o.range)}]`);
    }
  });

  it.each([
    [{ whole: true, min: 1, max: 256 }, "a whole number from 1 to 256", "integer 1-256"],
    [{ whole: true, min: 1 }, "a whole number of at least 1", "integer >= 1"],
    [{ max: 86_400 }, "a number up to 86400", "number <= 86400"],
    [{}, "a number", "number"],
  ] as [NumberRange, string, string][])("%j reads %j, and %j in help", (range, text, trait) => {
    expect(rangeText(range)).toBe(text);
    expect(rangeTrait(range)).toBe(trait);
  });
});
