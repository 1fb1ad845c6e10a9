/** A command's --help, written from its spec: every part, in the terminal's width. */
import { describe, expect, it } from "vitest";
import { commandHelp } from "../../src/cli/command-help.js";
import { COMMANDS, commandUsage } from "../../src/cli/commands.js";
import { rangeTrait } from "../../src/cli/number-range.js";

describe("commandHelp", () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    "%s --help shows its usage, description, every positional and option with its traits, examples and epilogue",
    async (_name, entry) => {
      const { spec } = await entry.load();
      const text = commandHelp("opensocial-kit", commandUsage(entry), entry.describe, spec, 100);
      const flat = text.replace(/\s+/g, " ");
      expect(text.startsWith(`opensocial-kit ${commandUsage(entry)}\n\n`)).toBe(true);
      expect(flat).toContain(entry.describe);
      for (const p of spec.positionals ?? [])
        expect(text).toMatch(new RegExp(`^  ${p.name} `, "m"));
      for (const [name, o] of Object.entries(spec.options)) {
        expect(text).toMatch(new RegExp(`^ {2}(-${o.alias}, | {4})--${name} `, "m"));
        expect(flat).toContain(o.describe.replace(/\s+/g, " "));
        expect(flat).toContain(`[${o.range ? rangeTrait(o.range) : o.type}]`);
        if (o.default !== undefined)
          expect(flat).toContain(`[default: ${JSON.stringify(o.default)}]`);
        if (o.required) expect(flat).toContain("[required]");
      }
      for (const [command, what] of spec.examples ?? []) {
        expect(text).toContain(command.replaceAll("$0", "opensocial-kit"));
        expect(flat).toContain(what);
      }
      if (spec.epilogue) expect(flat).toContain(spec.epilogue);
      // only an example's command line (kept whole, to be copied) may pass the width
      const examples = new Set(
        (spec.examples ?? []).map(([c]) => `  ${c.replaceAll("$0", "opensocial-kit")}`),
      );
      const wide = text.split("\n").filter((l) => l.length > 100 && !examples.has(l));
      expect(wide).toEqual([]);
    },
  );

  it("wraps to a narrow terminal", async () => {
    const run = COMMANDS.find((c) => c.name === "run");
    if (!run) throw new Error("run is a command");
    const text = commandHelp("opensocial-kit", "run", run.describe, (await run.load()).spec, 60);
    const wide = text
      .split("\n")
      .filter((l) => l.length > 60 && !l.startsWith("  opensocial-kit "));
    expect(wide).toEqual([]);
    expect(text).toMatch(/\[choices: "core", "profile"\]/);
  });
});
