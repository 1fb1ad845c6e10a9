/**
 * The published source maps must be usable by a package user: `src/` is not in package.json
 * "files", so a map that only names `../src/….ts` leads a debugger or a stack trace
 * (`node --enable-source-maps`, tsx) to a file that does not exist. Each map carries its sources.
 * Runs on dist/: `npm run -s build` first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function maps(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js.map") && !f.startsWith("cli-bundle"))
    .map((f) => join(dir, f));
}

describe("dist source maps", () => {
  it("embed the sources they name (src/ is not published)", () => {
    const files = (JSON.parse(readFileSync("package.json", "utf8")) as { files: string[] }).files;
    expect(files).not.toContain("src");
    const found = maps("dist");
    expect(found.length).toBeGreaterThan(10);
    const without = found.filter((f) => {
      const map = JSON.parse(readFileSync(f, "utf8")) as {
        sources: string[];
        sourcesContent?: unknown[];
      };
      return map.sourcesContent?.length !== map.sources.length;
    });
    expect(without.slice(0, 3)).toEqual([]);
  });
});
