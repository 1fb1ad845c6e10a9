/**
 * One JSON input file read for a loader (target, statements, expectations, world file): its
 * parsed value, or one issue with the loader's code naming the file when it cannot be read or
 * is not JSON.
 */
import { readJsonFileText } from "../../codecs/json/file-text.js";
import { jsonSyntaxMessage } from "../../codecs/json/syntax-error.js";
import { fileReadFailure } from "../../model/file-read-failure.js";
import { fail, type IssueCode, ok, type Result } from "../../model/issue.js";
import { excerpt } from "../../model/quote.js";

/** Reads and parses `path`; `file` is how the issue names it (default: the path). */
export function readJsonFile(path: string, code: IssueCode, file = path): Result<unknown> {
  let text: string;
  try {
    text = readJsonFileText(path);
  } catch (e) {
    return fail([{ code, pointer: "", message: fileReadFailure(e), file: excerpt(file) }]);
  }
  try {
    return ok(JSON.parse(text));
  } catch {
    // where, never what: the text there may be a secret left unquoted
    const message = `not JSON: ${jsonSyntaxMessage(text)}`;
    return fail([{ code, pointer: "", message, file: excerpt(file) }]);
  }
}
