/** Exit codes come only from the EXIT table: no command returns a bare number. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CLI = join(import.meta.dirname, "../../src/cli");
const BIN = join(import.meta.dirname, "../../bin");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

describe("exit codes", () => {
  it("are never literal numbers in src/cli nor in the process entry (bin/)", () => {
    const literal = /(return|exitCode\s*=|setExit\(|process\.exit\()\s*[0-9]+\s*[;)]/;
    const found = [...files(CLI), ...readdirSync(BIN).map((f) => join(BIN, f))].flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => [`${f}:${i + 1}`, line] as const)
        .filter(([, line]) => literal.test(line))
        .map(([at, line]) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
