/**
 * The public API, deliberately: the names each subpath of package.json exports,
 * types included, are pinned in test/api/exports.json. A change to the public surface fails
 * here until that file is updated on purpose (and README's Library section with it). Every
 * export statement of an entry point carries its doc comment, and so does the declaration of
 * every name it exports (what an editor shows for the name), found through the re-exports
 * (declarations.ts); an entry point has no `export *`, whose names this reading would not see.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { declarationOf, entryOf } from "./declarations.js";

const ROOT = join(import.meta.dirname, "../..");
const PINNED = JSON.parse(
  readFileSync(join(import.meta.dirname, "exports.json"), "utf8"),
) as Record<string, string[]>;
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
};

/** The TypeScript entry point of each code subpath (`./dist/x/index.js` → `src/x/index.ts`). */
const ENTRIES = Object.entries(PKG.exports).flatMap(([subpath, target]) =>
  typeof target === "object"
    ? [[subpath, join(ROOT, target.default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"))]]
    : [],
) as [string, string][];

/** The names an entry point's export statements list, types included, sorted. */
function declaredNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from/g))
    for (const part of (m[1] ?? "").split(",")) {
      const name = part.trim().replace(/^type\s+/, "");
      if (name) names.push(name);
    }
  return names.sort();
}

describe("public API", () => {
  it("package.json's subpaths are the pinned ones", () => {
    expect(ENTRIES.map(([s]) => s).sort()).toEqual(Object.keys(PINNED).sort());
  });

  for (const [subpath, file] of ENTRIES) {
    describe(subpath, () => {
      const source = readFileSync(file, "utf8");
      it("exports exactly the pinned names (update test/api/exports.json on purpose)", () => {
        expect(declaredNames(source)).toEqual(PINNED[subpath]);
      });
      it("exports at run time only declared names, and every declared value", async () => {
        const mod = (await import(file)) as Record<string, unknown>;
        const runtime = Object.keys(mod).sort();
        expect(runtime.filter((n) => !declaredNames(source).includes(n))).toEqual([]);
        expect(runtime.length).toBeGreaterThan(0);
      });
      it("gives every export statement a doc comment", () => {
        const lines = source.split("\n");
        const bare = lines.filter(
          (line, i) => line.startsWith("export ") && !(lines[i - 1] ?? "").trim().endsWith("*/"),
        );
        expect(bare).toEqual([]);
      });
      it("gives the declaration of every exported name a doc comment", () => {
        expect(source).not.toMatch(/export\s+\*/);
        const undocumented = (PINNED[subpath] ?? []).flatMap((name) => {
          const d = declarationOf(entryOf(subpath), name);
          if (!d) return [`${name}: no declaration found`];
          return d.before.trim().endsWith("*/") ? [] : [`${name} (${d.file})`];
        });
        expect(undocumented).toEqual([]);
      });
    });
  }
});
