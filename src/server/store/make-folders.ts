/** Folders made without Node's recursive mkdir (see below). */
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Creates `dir` and its missing parents, one level at a time. Not `mkdirSync(dir, { recursive:
 * true })`: on Node 20 that loops forever where mkdir answers ENOENT under an existing parent
 * (`--data /proc/x/appdata.sqlite` hung `serve`); here any refusal is an error at once.
 */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  while (!existsSync(at) && dirname(at) !== at) {
    missing.unshift(at);
    at = dirname(at);
  }
  for (const d of missing) mkdirSync(d);
}
