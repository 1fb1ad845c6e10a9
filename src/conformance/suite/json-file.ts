/**
 * One JSON input file read for a loader (target, statements, expectations, world file): its
 * parsed value, or one issue with the loader's code naming the file when it cannot be read or
 * is not JSON.
 */
import { readJsonFileText } from "../../codecs/json/file-text.js";
import { jsonSyntaxMessage } from "../../codecs/json/syntax-error.js";
import { fail, type IssueCode, ok, type Result } from "../../model/issue.js";
import { excerpt } from "../../model/quote.js";

/** Why a file could not be read, in words; the issue names the file. */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EISDIR: "is a directory, not a file",
  EACCES: "cannot be read (permission denied)",
  ENOTDIR: "no such file (a folder on its path is a file)",
};

/** `e`'s reason in words: a known code's, or Node's message cut to a prefix (it names the path, of any size). */
function readFailure(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  const known = typeof code === "string" ? READ_FAILURES[code] : undefined;
  return known ?? excerpt((e as Error).message);
}

/** Reads and parses `path`; `file` is how the issue names it (default: the path). */
export function readJsonFile(path: string, code: IssueCode, file = path): Result<unknown> {
  let text: string;
  try {
    text = readJsonFileText(path);
  } catch (e) {
    return fail([{ code, pointer: "", message: readFailure(e), file: excerpt(file) }]);
  }
  try {
    return ok(JSON.parse(text));
  } catch {
    // where, never what: the text there may be a secret left unquoted
    const message = `not JSON: ${jsonSyntaxMessage(text)}`;
    return fail([{ code, pointer: "", message, file: excerpt(file) }]);
  }
}
