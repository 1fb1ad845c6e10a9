/**
 * Every input file is refused in the same words whichever reader met it: a payload to validate
 * (cli/read-input.ts), a target, expectations or statements file (conformance/suite/json-file.ts)
 * and a world (server/world/load.ts), for a missing file, a folder, and a path through a file.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readInput } from "../../src/cli/read-input.js";
import { readJsonFile } from "../../src/conformance/suite/json-file.js";
import { fileReadFailure } from "../../src/model/file-read-failure.js";
import { loadWorld } from "../../src/server/world/load.js";

const dir = mkdtempSync(join(tmpdir(), "osk-read-failure-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "a-file"), "{}");

const CASES = [
  ["a missing file", join(dir, "missing.json"), "no such file"],
  ["a folder", dir, "a directory, not a file"],
  [
    "a path through a file",
    join(dir, "a-file", "x.json"),
    "no such file (a folder on its path is a file)",
  ],
] as const;

describe("an input file that cannot be read: one set of words", () => {
  it.each(CASES)("%s", (_what, path, words) => {
    const input = readInput(path, 1024);
    expect(input).toEqual({ ok: false, message: `${path}: ${words}` });
    const json = readJsonFile(path, "target-invalid");
    expect(json.ok ? undefined : json.issues[0]?.message).toBe(words);
    const world = loadWorld(path);
    expect(world.ok ? undefined : world.issues[0]?.message).toBe(`cannot read ${path}: ${words}`);
  });

  it("an unknown code: Node's message, cut to a prefix", () => {
    const e = Object.assign(new Error(`EMFILE: too many open files, open '${"x".repeat(500)}'`), {
      code: "EMFILE",
    });
    expect(fileReadFailure(e)).toMatch(
      /^EMFILE: too many open files, open 'x+… \(\d+ characters\)$/,
    );
    expect(fileReadFailure("plain")).toBe("plain");
  });
});
