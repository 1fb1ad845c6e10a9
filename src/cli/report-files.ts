/**
 * Report files: checked before a run (so a bad path costs nothing) and written after it.
 */
import { accessSync, constants, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { makeFolders } from "../server/store/make-folders.js";

/**
 * Why a report file could not be written: its folder is created if missing, must be writable,
 * and the path must not be a folder. Undefined when it can be written.
 */
export function reportPathProblem(file: string): string | undefined {
  const path = resolve(file);
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
      return `report file ${file} is a directory`;
    makeFolders(dirname(path));
    accessSync(dirname(path), constants.W_OK);
    if (statSync(path, { throwIfNoEntry: false })) accessSync(path, constants.W_OK);
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    return `report file ${file} cannot be written (${code || (e as Error).message})`;
  }
  return undefined;
}

/**
 * Writes a report's text to its file; why it could not be written (a full disk, a folder removed
 * during the run), or undefined when it was.
 */
export function writeReport(file: string, text: string): string | undefined {
  try {
    writeFileSync(file, text);
    return undefined;
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    return `report file ${file} could not be written (${code || (e as Error).message})`;
  }
}
