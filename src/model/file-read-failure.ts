/**
 * Why a file could not be read, in the words every command uses for its input files (a target,
 * an expectations or statements file, a world, a payload to validate): one table, so the same
 * mistake reads the same whichever option named the file.
 */
import { excerpt } from "./quote.js";

/** The words for the error codes a file that cannot be read gives most often. */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  ENOTDIR: "no such file (a folder on its path is a file)",
  EISDIR: "a directory, not a file",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

/**
 * `e`'s reason in words: a known code's, else Node's message cut to a prefix (it names the path,
 * which may be of any size).
 */
export function fileReadFailure(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  const known = typeof code === "string" ? READ_FAILURES[code] : undefined;
  return known ?? excerpt(e instanceof Error ? e.message : String(e));
}
