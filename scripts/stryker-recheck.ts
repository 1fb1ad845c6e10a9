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
import { existsSync } from "node:fs";
import { mutateLines } from "./stryker/lines.js";
import { recheckReport, runStryker } from "./stryker/run.js";

const UNREVIEWED = "reports/mutation/unreviewed.txt";

if (!existsSync(UNREVIEWED)) {
  console.error(`no ${UNREVIEWED}: run npm run mutants:stryker:score first`);
  process.exit(2);
}
const { mutate, files } = mutateLines([UNREVIEWED]);
if (mutate.length === 0) {
  console.log("no unreviewed survivor: nothing to re-run");
  process.exit(0);
}
console.log(`re-running the mutants on ${mutate.length} lines of ${files} files`);
process.exitCode = runStryker({
  mutate,
  report: recheckReport("lines"),
  coverageAnalysis: "all",
});
