/**
 * Where the package's own files are (package.json, schemas/, fixtures/, conformance/): the
 * nearest folder above this module whose package.json is named `opensocial-kit`. Found by walking
 * up rather than by a fixed `../..`, so that it holds at any depth: src/ (tsx, vitest), dist/
 * (tsc's layout), the CLI bundle's chunks (dist/cli-bundle/), a mutant tree and an installed copy
 * under node_modules/ alike.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { KitError } from "./kit-error.js";

/** The `name` of the package's package.json. */
const PACKAGE_NAME = "opensocial-kit";

/** True when `dir` holds a package.json named {@link PACKAGE_NAME}. */
function isPackageRoot(dir: string): boolean {
  let text: string;
  try {
    text = readFileSync(join(dir, "package.json"), "utf8");
  } catch {
    return false; // none here (or unreadable): look further up
  }
  try {
    return (JSON.parse(text) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false; // not ours: another package's broken file
  }
}

/**
 * The nearest folder at or above `dir` that is the package root; throws `OSK_PACKAGE_ROOT` when
 * none is (the package's files were moved apart).
 */
export function findPackageRoot(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (isPackageRoot(at)) return at;
    if (dirname(at) === at) throw new KitError("OSK_PACKAGE_ROOT", `none above ${dir}`);
  }
}

let root: string | undefined;

/**
 * The package root: the folder of the package's package.json, looked for on first use, so that
 * importing the library reads nothing and fails on nothing (bundled into another program, where
 * the package's files are not beside it, only what reads them fails).
 */
export function packageRoot(): string {
  // a CommonJS bundle has no import.meta.url: no file to start from
  const here = import.meta.url as string | undefined;
  if (here === undefined) throw new KitError("OSK_PACKAGE_ROOT", "this code has no file URL");
  root ??= findPackageRoot(dirname(fileURLToPath(here)));
  return root;
}

/** A file or folder of the package, by its path from the root (`packagePath("schemas")`). */
export function packagePath(...segments: readonly string[]): string {
  return join(packageRoot(), ...segments);
}
