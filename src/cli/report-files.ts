/**
 * Report files: checked before a run (so a bad path costs nothing) and written after it.
 */
import { accessSync, constants, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { makeFolders } from "../server/store/make-folders.js";

/** The words of the error codes a file that cannot be written gives most often. */
const WHY: Readonly<Record<string, string>> = {
  ENOENT: "its folder cannot be created",
  ENOTDIR: "a part of its path is a file, not a folder",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "a read-only file system",
  ENOSPC: "no space left on the device",
};

/** `CODE: words` for a file-system error, or its message when it has no code. */
function why(e: unknown): string {
  const code = (e as { code?: string }).code ?? "";
  if (!code) return (e as Error).message;
  return WHY[code] ? `${code}: ${WHY[code]}` : code;
}

/**
 * Why a report file could not be written: its folder is created if missing, must be writable,
 * and the path must not be a folder. Undefined when it can be written. `label` names the file
 * as the command line gave it (`report file`, `--write-expectations file`).
 */
export function reportPathProblem(file: string, label = "report file"): string | undefined {
  const path = resolve(file);
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
      return `${label} ${file} is a directory`;
    makeFolders(dirname(path));
    accessSync(dirname(path), constants.W_OK);
    if (statSync(path, { throwIfNoEntry: false })) accessSync(path, constants.W_OK);
  } catch (e) {
    return `${label} ${file} cannot be written (${why(e)})`;
  }
  return undefined;
}

/**
 * Writes a report's text to its file; why it could not be written (a full disk, a folder removed
 * during the run), or undefined when it was.
 */
export function writeReport(file: string, text: string, label = "report file"): string | undefined {
  try {
    writeFileSync(file, text);
    return undefined;
  } catch (e) {
    return `${label} ${file} could not be written (${why(e)})`;
  }
}
