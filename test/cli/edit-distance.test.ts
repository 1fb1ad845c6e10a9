// "Did you mean": a word is taken for a typo of a name it begins, or that is near enough for
// its length; a word too short to tell is taken for none.
import { describe, expect, it } from "vitest";
import { typoOf } from "../../src/cli/edit-distance.js";

const RUN = ["target", "base-url", "level", "grep", "timeout", "concurrency", "bail"];

describe("typoOf", () => {
  it.each([
    ["tiemout", RUN, "timeout"],
    ["targe", RUN, "target"],
    ["base", RUN, "base-url"], // begins base-url, though one edit from bail
    ["conc", RUN, "concurrency"],
    ["rnu", ["serve", "run", "world"], "run"],
    ["rn", ["serve", "run", "world"], "run"],
  ])("%s → %s", (word, names, name) => {
    expect(typoOf(word, names)).toBe(name);
  });

  it.each([
    ["x", ["as", "app", "json"]], // `-x` is no `--as`
    ["x", ["to", "from"]],
    ["ba", RUN], // begins both bail and base-url, two edits from grep
    ["zzzzzz", RUN],
  ])("%s → none", (word, names) => {
    expect(typoOf(word, names)).toBeUndefined();
  });
});
