/**
 * Issues as text, one line each: `file pointer: message` (the file and pointer when known). The
 * one place where the runner's and the CLI's input problems (target, statements, expectations,
 * cases) become words.
 */
import type { Issue } from "../../model/issue.js";

/** One line per issue. */
export function issueText(issues: readonly Issue[]): string {
  return issues
    .map((i) => {
      const where = [i.file, i.pointer].filter((x) => x !== undefined && x !== "").join(" ");
      return where ? `${where}: ${i.message}` : i.message;
    })
    .join("\n");
}
