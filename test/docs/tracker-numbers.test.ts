/**
 * The repository speaks of the code as it is: no text in it sends the reader to a tracker number
 * (the word issue followed by a number), which a reader of the repository cannot follow. Rule
 * ids (P-…, §…) are the repository's own and stay.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const FOLDERS = ["src", "test", "scripts", "docs", "conformance", "bench", "bin", ".ci", "schemas"];
const SKIP = new Set(["node_modules", "dist", "reports", ".mutants", ".stryker-tmp"]);
const TEXT = /\.(ts|mts|mjs|js|cjs|json|md|sh|yml|yaml|sql|txt)$|^run$/;

/** A tracker reference: the word, then a number (`#` allowed). */
const TRACKER = /\bissues?\s+#?\d+/i;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return TEXT.test(e.name) ? [path] : [];
  });
}

describe("tracker numbers", () => {
  it("appear nowhere in the code, tests, scripts, cases or documents", () => {
    const all = [
      ...FOLDERS.flatMap((f) => files(join(ROOT, f))),
      ...readdirSync(ROOT)
        .filter((f) => f.endsWith(".md"))
        .map((f) => join(ROOT, f)),
    ];
    expect(all.length).toBeGreaterThan(500);
    const hits = all.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          TRACKER.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(hits).toEqual([]);
  });

  it("are recognised", () => {
    // written in pieces, so that this file holds no reference itself
    const word = "issue";
    for (const text of [`see ${word} 12`, `${word}s #3 and 4`, `${word}  7 §5`])
      expect(TRACKER.test(text)).toBe(true);
    for (const text of ["an issue with P-DATA-3", "issues: 2 of them", "§4.3 issue"])
      expect(TRACKER.test(text)).toBe(false);
  });
});
