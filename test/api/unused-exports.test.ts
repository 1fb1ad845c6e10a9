/**
 * No export nobody imports: every name a module of src/ exports is imported by some file of
 * src/, test/, scripts/, bench/ or bin/ (a re-export counts: the re-exporting module's own name
 * is then checked in turn), or is part of the public API pinned in test/api/exports.json. A name
 * only its own module uses is not exported. `import * as` and `import()` of a module count as
 * using all of its names. The reading is textual (export and import statements), which is all
 * this code base uses. A generated module (its doc comment opens with `GENERATED from`) exports
 * every definition of its source, used or not.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const PINNED = JSON.parse(
  readFileSync(join(import.meta.dirname, "exports.json"), "utf8"),
) as Record<string, string[]>;
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, string | { default: string }>;
};

/** The opening of a generated module's doc comment (case-types.ts). */
const GENERATED = /^\/\*\*\n \* GENERATED from /;

/** Exports kept though nothing imports them, each with why. */
const KEPT: Readonly<Record<string, string>> = {};

/** The files under `dir` (from the root) whose name matches `pattern`. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => pattern.test(f) && !f.includes("node_modules"));
}

const MODULES = filesUnder("src", /\.ts$/);
const MODULE_SET = new Set(MODULES);
const IMPORTERS = [
  ...["src", "test", "scripts", "bench", "bin"].flatMap((d) =>
    filesUnder(d, /\.(ts|mts|mjs|js|cjs)$/),
  ),
  ...readdirSync(ROOT).filter((f) => /\.(ts|mjs|js)$/.test(f)),
];

/** `text` without its comments (a `//` inside a string is kept: it follows a quote or colon). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g, "");
}

/** The names of a `{ a, type b, c as d }` list: the names before `as` (`local`) or after it. */
function listNames(list: string, side: "local" | "exported"): string[] {
  return list
    .split(",")
    .map((p) => p.trim().replace(/^type\s+/, ""))
    .filter((p) => p !== "")
    .map((p) => {
      const [local = "", exported = local] = p.split(/\s+as\s+/);
      return (side === "local" ? local : exported).trim();
    });
}

/** The names a module exports (declarations, lists and re-exports). */
function exportedNames(text: string): string[] {
  const src = code(text);
  const names = [
    ...src.matchAll(
      /^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm,
    ),
  ].map((m) => m[1] ?? "");
  for (const m of src.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm))
    names.push(...listNames(m[1] ?? "", "exported"));
  return [...new Set(names)].sort();
}

/** The module of src/ that `specifier`, imported from `from`, names (dist/ read as src/). */
function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const path = normalize(join(dirname(from), specifier)).replace(/^dist\//, "src/");
  return [path.replace(/\.m?js$/, ".ts"), path, `${path}.ts`, join(path, "index.ts")].find((c) =>
    MODULE_SET.has(c),
  );
}

/** What each module of src/ has imported from it: names, or `*` for all. */
function importedNames(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (module: string | undefined, names: readonly string[]) => {
    if (module === undefined) return;
    const set = used.get(module) ?? new Set<string>();
    for (const n of names) set.add(n);
    used.set(module, set);
  };
  for (const file of IMPORTERS) {
    const src = code(readFileSync(join(ROOT, file), "utf8"));
    for (const m of src.matchAll(
      /(?:import|export)\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
    ))
      use(resolveModule(file, m[2] ?? ""), listNames(m[1] ?? "", "local"));
    for (const m of src.matchAll(
      /(?:import\s+\*\s+as\s+[\w$]+\s+from|export\s+\*\s+from|import\s*\()\s*["']([^"']+)["']/g,
    ))
      use(resolveModule(file, m[1] ?? ""), ["*"]);
  }
  for (const [subpath, target] of Object.entries(PKG.exports))
    if (typeof target === "object")
      use(
        target.default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"),
        PINNED[subpath] ?? [],
      );
  return used;
}

/** `module: name` for every export nothing imports. */
function unusedExports(): string[] {
  const used = importedNames();
  const unused: string[] = [];
  for (const module of MODULES) {
    const names = used.get(module) ?? new Set<string>();
    const text = readFileSync(join(ROOT, module), "utf8");
    if (names.has("*") || GENERATED.test(text)) continue;
    for (const name of exportedNames(text))
      if (!names.has(name) && !Object.hasOwn(KEPT, `${module}: ${name}`))
        unused.push(`${relative(".", module)}: ${name}`);
  }
  return unused;
}

describe("exports", () => {
  it("reads export statements of every form", () => {
    const text = [
      "export function a() {}",
      "export async function b() {}",
      "export const c = 1;",
      "export interface D {}",
      "export type E = 1;",
      "export class F {}",
      'export { g, type H, i as J } from "./x.js";',
      "const k = 1;\nexport { k };",
      "// export const commented = 1;",
    ].join("\n");
    expect(exportedNames(text)).toEqual(["D", "E", "F", "H", "J", "a", "b", "c", "g", "k"]);
  });

  it("every export of src/ is imported somewhere or is public API", () => {
    expect(unusedExports()).toEqual([]);
  });

  it("every kept export is still an export nothing imports (the list does not go stale)", () => {
    const used = importedNames();
    const stale = Object.keys(KEPT).filter((entry) => {
      const [module = "", name = ""] = entry.split(": ");
      return used.get(module)?.has(name) ?? false;
    });
    expect(stale).toEqual([]);
  });
});
