/**
 * Every file a comment of src/ or a Markdown document cites exists: a module renamed or removed
 * fails here, not in a reader's search. A citation is a word ending in a file extension
 * (`pointer/evaluate.ts`, `docs/library.md`, `../step.schema.json`); it holds when it names a
 * file or folder from the citing file's folder or one above it, or is the end of a path in the
 * repository (`reporters/check-text.ts` cited from `checks/`). The names below are examples a
 * reader makes or a command writes, or documents kept outside the repository.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** Cited names that are not files of the repository, each with why. */
const NOT_FILES: Readonly<Record<string, string>> = {
  "profile.md": "the profile is a document beside the repository (the spec folder)",
  "my-target.json": "an example: the reader's own target file",
  "my-world.json": "an example: the reader's own world file",
  "known-failures.json": "an example: the reader's expectations file",
  "known.json": "an example: the reader's expectations file",
  "ci/target.json": "an example: the target file a CI job keeps",
  "junit.xml": "a report `run` writes",
  "report.json": "a report `run` writes",
  "out.json": "a report `npm run mutants -- --json` writes",
  "sandbox/world.json": "what `opensocial-kit world --out sandbox/` writes",
  "sandbox/target.json": "what `opensocial-kit world --out sandbox/` writes",
  "DIR/world.json": "what `opensocial-kit world --out DIR` writes",
  "DIR/target.json": "what `opensocial-kit world --out DIR` writes",
  "expect.json": "a member of a case step (`expect.json`), not a file",
  "when.json": "a member of a step's `expect.when` (`when.json`), not a file",
  "-text.ts": "the reporters' `*-text.ts` modules, a pattern, not a file",
};

const SKIP = new Set(["node_modules", ".git", "dist", "reports", ".mutants", ".stryker-tmp"]);

/** Every file and folder of the repository, as paths from the root. */
function tree(dir = ROOT, out = new Set<string>()): Set<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const path = join(dir, e.name);
    out.add(relative(ROOT, path));
    if (e.isDirectory()) tree(path, out);
  }
  return out;
}

const PATHS = tree();
const ALL = [...PATHS];

/**
 * The files whose citations are checked: src/'s modules (their comments) and the documents in
 * folders. README.md's commands, and the files they make, are run by readme-commands.test.ts.
 */
const CITING = ALL.filter(
  (p) => (p.startsWith("src/") && p.endsWith(".ts")) || (p.endsWith(".md") && p.includes("/")),
);

/** A path in text; one right after `*` is part of a glob (`suite/*.generated.ts`), no one file. */
const CITATION =
  /(?<![\w./@<>${*-])((?:\.{1,2}\/)?[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\.(?:ts|md|json|mjs|js|yml|yaml|sql|xml|html|txt|rng))\b/g;

/** The text of `file` that cites: a module's comments, a document whole. */
function citingText(file: string): string {
  const text = readFileSync(join(ROOT, file), "utf8");
  return file.endsWith(".ts")
    ? (text.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join("\n")
    : text;
}

/** True when `cited`, found in `file`, names something in the repository. */
function exists(file: string, cited: string): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (PATHS.has(normalize(join(dir, cited)))) return true;
    if (dir === "." || dir === "") break;
  }
  const tail = cited.replace(/^(\.\.?\/)+/, "");
  return ALL.some((p) => p === tail || p.endsWith(`/${tail}`));
}

describe("cited paths", () => {
  it("finds the files that cite", () => {
    expect(CITING).toContain("src/server/README.md");
    expect(CITING).toContain("docs/library.md");
  });

  it("every file a comment of src/ or a document names exists", () => {
    const missing: string[] = [];
    for (const file of CITING)
      for (const m of citingText(file).matchAll(CITATION)) {
        const cited = m[1] ?? "";
        if (!Object.hasOwn(NOT_FILES, cited) && !exists(file, cited))
          missing.push(`${file}: ${cited}`);
      }
    expect(missing).toEqual([]);
  });

  it("each name kept as not a file is still cited somewhere (the list does not go stale)", () => {
    const texts = CITING.map(citingText).join("\n");
    const unused = Object.keys(NOT_FILES).filter((n) => !texts.includes(n));
    expect(unused).toEqual([]);
  });

  it("a stale name is caught", () => {
    expect(exists("src/conformance/checks/json-pointer.ts", "pointer.ts")).toBe(false);
    expect(exists("src/conformance/checks/json-pointer.ts", "pointer/evaluate.ts")).toBe(true);
    expect(existsSync(join(ROOT, "src/conformance/checks/pointer/evaluate.ts"))).toBe(true);
  });
});
