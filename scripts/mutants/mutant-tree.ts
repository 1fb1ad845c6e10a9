/**
 * Plants a mutant outside the product: copies `src/` to
 * `.mutants/<id>/src/`, applies the mutant's edits there, and links the data the code reads
 * beside it (`fixtures/`, `schemas/`, `conformance/`, `package.json`), so that the copy runs
 * exactly as the product does with one rule broken. `src/` is never written.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Mutant, SourceEdit } from "./catalogue.js";

/** The package root (where `src/` lives). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where mutant trees are written (git-ignored). */
export const TREES_DIR = join(ROOT, ".mutants");

/** The package-root entries the code under `src/` reads by relative URL. */
const LINKED = ["fixtures", "schemas", "conformance", "package.json"] as const;

/** Why an edit cannot be applied. */
export interface EditProblem {
  code: "edit-not-found" | "edit-ambiguous" | "edit-no-change" | "edit-outside-src";
  edit: SourceEdit;
  message: string;
}

/** How many times `find` occurs in `text` (non-overlapping). */
function occurrences(text: string, find: string): number {
  return find === "" ? 0 : text.split(find).length - 1;
}

/**
 * Applies `edits` to the files `read` returns, in order; each `find` must occur exactly once in
 * its file as it stands after the earlier edits. Returns the changed files or the problems.
 */
export function applyEdits(
  edits: readonly SourceEdit[],
  read: (file: string) => string,
): { ok: true; value: Map<string, string> } | { ok: false; issues: EditProblem[] } {
  const files = new Map<string, string>();
  const issues: EditProblem[] = [];
  for (const edit of edits) {
    if (!edit.file.startsWith("src/") || edit.file.includes("..")) {
      issues.push({ code: "edit-outside-src", edit, message: `${edit.file} is not under src/` });
      continue;
    }
    const text = files.get(edit.file) ?? read(edit.file);
    const n = occurrences(text, edit.find);
    if (n !== 1) {
      const code = n === 0 ? "edit-not-found" : "edit-ambiguous";
      issues.push({ code, edit, message: `${edit.file}: the text to replace occurs ${n} times` });
      continue;
    }
    if (edit.find === edit.replace) {
      issues.push({
        code: "edit-no-change",
        edit,
        message: `${edit.file}: the edit changes nothing`,
      });
      continue;
    }
    files.set(
      edit.file,
      text.replace(edit.find, () => edit.replace),
    );
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: files };
}

/** Reads a product file (path from the package root). */
export function readProductFile(file: string): string {
  return readFileSync(join(ROOT, file), "utf8");
}

/**
 * Writes the tree of `mutant` under {@link TREES_DIR} and returns its directory. Throws (a bug of
 * the catalogue, caught by its test) when an edit does not apply.
 */
export function plantMutant(mutant: Mutant): string {
  const edited = applyEdits(mutant.edits, readProductFile);
  if (!edited.ok)
    throw new Error(`mutant ${mutant.id}: ${edited.issues.map((i) => i.message).join("; ")}`);
  const dir = join(TREES_DIR, mutant.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, "src"), join(dir, "src"), {
    recursive: true,
    filter: (from) => !from.endsWith(".test.ts"),
  });
  for (const entry of LINKED)
    if (existsSync(join(ROOT, entry))) symlinkSync(join(ROOT, entry), join(dir, entry));
  for (const [file, text] of edited.value) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}
