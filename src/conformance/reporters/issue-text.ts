/**
 * Issues as text, one line each. The one place where the runner's and the CLI's input problems
 * (target, statements, expectations, cases) and the issues of a checked or converted document
 * become words.
 */
import type { Issue } from "../../model/issue.js";

/** One line per issue: `file pointer: message` (the file and pointer when known). */
export function issueText(issues: readonly Issue[]): string {
  return issues
    .map((i) => {
      const where = [i.file, i.pointer].filter((x) => x !== undefined && x !== "").join(" ");
      return where ? `${where}: ${i.message}` : i.message;
    })
    .join("\n");
}

/**
 * One issue of a document as a line: where (the pointer, `/` for the root, or the XPath with
 * line and column), the code, the message.
 */
export function issueLine(i: Issue): string {
  const where = i.xml
    ? `${i.xml.xpath} (line ${i.xml.line}, column ${i.xml.column})`
    : i.pointer === ""
      ? "/"
      : i.pointer;
  return `${where}: ${i.code}: ${i.message}`;
}
