/**
 * The issues of a file an option names, each saying which option's file it is
 * (`--expectations known.json: no such file`): a target file and an expectations file fail
 * alike, and the line says which one to fix.
 */
import type { Issue } from "../model/issue.js";

/** `issues` of the file given to `option`, their `file` prefixed with the option. */
export function fromOption(option: string, issues: readonly Issue[]): Issue[] {
  return issues.map((i) => (i.file === undefined ? i : { ...i, file: `${option} ${i.file}` }));
}
