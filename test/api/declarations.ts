/**
 * Where a public name is declared: from a subpath's entry point (package.json's `exports`, read
 * as the TypeScript under src/), through its re-exports (`export { a, b as c } from "./x.js"`),
 * to the `export function|const|class|interface|type|enum` that declares it, with the line before
 * the declaration (its doc comment ends there) and the text from the declaration on. The reading
 * is textual: the export forms this code base uses.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const ROOT = join(import.meta.dirname, "../..");
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, string | { default: string }>;
};

/** A name's declaration. */
export interface Declaration {
  /** The file, from the repository root. */
  readonly file: string;
  /** The line before the declaration: a doc comment's last line ends with `*\/`. */
  readonly before: string;
  /** The source from the declaration to the end of the file. */
  readonly text: string;
}

/** The TypeScript entry point of a code subpath (`./dist/x/index.js` → `src/x/index.ts`). */
export function entryOf(subpath: string): string {
  const target = PKG.exports[subpath];
  const dist = typeof target === "object" ? target.default : "";
  return dist.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts");
}

/** The TypeScript file a module specifier names, from `file`. */
function moduleFile(file: string, specifier: string): string {
  const path = join(dirname(file), specifier).replace(/\.js$/, ".ts");
  return path.endsWith(".ts") ? path : join(path, "index.ts");
}

/** The declaration of `name` as `file` exports it, following re-exports; undefined if none. */
export function declarationOf(file: string, name: string, depth = 0): Declaration | undefined {
  const text = readFileSync(join(ROOT, file), "utf8");
  const own = new RegExp(
    `(?:^|\\n)([^\\n]*)\\n(export\\s+(?:declare\\s+)?(?:async\\s+)?(?:abstract\\s+)?(?:function\\*?|const|let|class|interface|type|enum)\\s+${name}\\b[\\s\\S]*)`,
  ).exec(text);
  if (own) return { file, before: own[1] ?? "", text: own[2] ?? "" };
  if (depth > 8) return undefined;
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"([^"]+)"/g))
    for (const part of (m[1] ?? "").split(",")) {
      const [local = "", exported = local] = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/);
      if (exported.trim() === name)
        return declarationOf(moduleFile(file, m[2] ?? ""), local.trim(), depth + 1);
    }
  return undefined;
}

/** The declared return type of the function a declaration opens with, if it declares one. */
export function declaredReturn(d: Declaration): string | undefined {
  return /^export\s+(?:async\s+)?function\b[\s\S]*?\)\s*:\s*([^{;]+?)\s*\{\s*$/m.exec(d.text)?.[1];
}
