/**
 * `npm run mutants:stryker:recheck`: runs StrykerJS again on the lines of the survivors that no
 * review rule covers (reports/mutation/unreviewed.txt, written by `npm run mutants:stryker:score`),
 * typically after cases were added for them, with the current suite. A full run over
 * src/server/ takes about an hour on the 2-core machine; this takes minutes. The report goes to
 * reports/mutation/stryker-recheck-<time>-lines.json, whose statuses the score then takes over
 * those of the full run and of earlier re-runs (review.ts `mergeRecheck`). A line that moved since the full run is found again by its text.
 *
 * Every re-run mutant runs against every case (`coverageAnalysis: "all"`), not only the cases
 * Stryker's per-test coverage links to it: that coverage missed cases for some mutants (the `";"`
 * of `mediaType`'s `split` was linked to one case; `appdata-write/content-type-params`, which
 * reaches it on every request and fails against it when the mutation is applied by hand, was
 * never run), so they were reported Survived.
 */
import { existsSync, readFileSync } from "node:fs";
import { recheckReport, runStryker } from "./stryker/run.js";

const UNREVIEWED = "reports/mutation/unreviewed.txt";

if (!existsSync(UNREVIEWED)) {
  console.error(`no ${UNREVIEWED}: run npm run mutants:stryker:score first`);
  process.exit(2);
}
/** `file:line` → the line numbers it is on now (the same when the file has not moved). */
const lines = new Map<string, Set<number>>();
/** Each source file's lines, read once. */
const sources = new Map<string, string[]>();
for (const entry of readFileSync(UNREVIEWED, "utf8").split("\n")) {
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
const mutate = [...lines].flatMap(([file, set]) =>
  [...set].sort((a, b) => a - b).map((n) => `${file}:${n}-${n}`),
);
if (mutate.length === 0) {
  console.log("no unreviewed survivor: nothing to re-run");
  process.exit(0);
}
console.log(`re-running the mutants on ${mutate.length} lines of ${lines.size} files`);
process.exitCode = runStryker({
  mutate,
  report: recheckReport("lines"),
  coverageAnalysis: "all",
});
