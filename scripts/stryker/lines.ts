/**
 * The `mutate` ranges of a partial StrykerJS run: the lines, as they are now, of the mutants
 * listed in a score list (reports/mutation/unreviewed.txt or out-of-reach.txt, written by
 * `npm run mutants:stryker:score`, one mutant a line: `file:line status mutator | source => replacement`).
 * A line that moved since the report is found again by its text.
 */
import { readFileSync } from "node:fs";

/** `file:n-n` for every line now holding a listed mutant's source line, sorted per file. */
export function mutateLines(lists: readonly string[]): { mutate: string[]; files: number } {
  /** `file` → the line numbers its listed mutants are on now. */
  const lines = new Map<string, Set<number>>();
  /** Each source file's lines, read once. */
  const sources = new Map<string, string[]>();
  for (const list of lists) {
    for (const entry of readFileSync(list, "utf8").split("\n")) {
      // `file:line status mutator | source line => replacement` (either side may hold " => ").
      const m = /^(\S+):(\d+) \S+ \S+ \| (.*)$/.exec(entry);
      if (!m) continue;
      const [, file = "", line = "", rest = ""] = m;
      const now = sources.get(file) ?? readFileSync(file, "utf8").split("\n");
      sources.set(file, now);
      const at = Number(line);
      const isSource = (text: string | undefined): boolean =>
        text !== undefined && text.trim() !== "" && rest.startsWith(`${text.trim()} => `);
      const found = isSource(now[at - 1])
        ? [at]
        : now.flatMap((text, i) => (isSource(text) ? [i + 1] : []));
      if (found.length === 0) console.warn(`${file}:${line}: line not found any more, skipped`);
      const set = lines.get(file) ?? new Set<number>();
      for (const n of found) set.add(n);
      lines.set(file, set);
    }
  }
  const mutate = [...lines].flatMap(([file, set]) =>
    [...set].sort((a, b) => a - b).map((n) => `${file}:${n}-${n}`),
  );
  return { mutate, files: lines.size };
}
