/**
 * `npm run mutants:stryker:score`: reads the last StrykerJS report (reports/mutation/stryker.json,
 * from `npm run mutants:stryker`) and the reviewed rules (scripts/stryker/reviewed*.json), prints
 * per folder the raw score, the reviewed equivalents and out-of-reach mutants, the score over the
 * non-equivalent mutants (goal ≥ 90 % for src/server/), and writes every
 * survivor of the suite that no rule covers to reports/mutation/unreviewed.txt (what
 * `mutants:stryker:recheck` re-runs after cases are added), even one a unit test kills. Every reports/mutation/stryker-recheck*.json
 * (a later run of selected mutants: `npm run mutants:stryker:recheck`, `mutants:stryker:stores`)
 * replaces the full run's statuses for the mutants it holds (review.ts `mergeRecheck`), in name
 * order. The kills of `npm run mutants:stryker:units` (the server's own tests, on the mutants the
 * suite cannot reach) are added last and printed as a second figure: the suite's own stays apart.
 * Writes the out-of-reach survivors to reports/mutation/out-of-reach.txt (what the units run takes).
 * Exit 0 when the suite alone meets the goal for src/server/ with no unreviewed survivor; 1
 * otherwise; 2 without a report.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import {
  type FolderScore,
  loadRules,
  mergeRecheck,
  type ReviewedMutant,
  type StrykerReport,
  score,
} from "./stryker/review.js";

const REPORT = "reports/mutation/stryker.json";
const RECHECKS = "reports/mutation";
/** The reviewed rules: every `reviewed*.json` in this folder (one file per area of the server). */
const RULES_DIR = "scripts/stryker";
const OUT = "reports/mutation/unreviewed.txt";
/** The survivors reviewed out of the suite's reach: what `mutants:stryker:units` runs. */
const OUT_OF_REACH = "reports/mutation/out-of-reach.txt";
/** Partial runs of the server's unit tests (`npm run mutants:stryker:units`). */
const UNITS = /-units\.json$/;
const GOAL = 90;

if (!existsSync(REPORT)) {
  console.error(`no ${REPORT}: run npm run mutants:stryker first`);
  process.exit(2);
}
const full = JSON.parse(readFileSync(REPORT, "utf8")) as StrykerReport;
const later = readdirSync(RECHECKS)
  .filter((f) => /^stryker-recheck.*\.json$/.test(f))
  .sort();
const read = (name: string): StrykerReport =>
  JSON.parse(readFileSync(`${RECHECKS}/${name}`, "utf8")) as StrykerReport;
/** The suite's own figure: the full run, then its partial runs in time order (later wins). */
let suite = full;
for (const name of later.filter((f) => !UNITS.test(f))) {
  const merged = mergeRecheck(suite, read(name));
  console.log(`${RECHECKS}/${name}: ${merged.taken} mutants' statuses from this later run`);
  suite = merged.report;
}
/** With the server's unit tests: their kills added to the suite's (never a kill taken away). */
let both = suite;
for (const name of later.filter((f) => UNITS.test(f))) {
  const merged = mergeRecheck(both, read(name), "kills only");
  console.log(
    `${RECHECKS}/${name}: ${merged.taken} more mutants killed by the server's unit tests`,
  );
  both = merged.report;
}
const rules = loadRules(RULES_DIR);
const entry = (m: ReviewedMutant): string =>
  `${m.file}:${m.line} ${m.status} ${m.mutator} | ${m.source} => ${m.replacement}`;
const line = (s: FolderScore): string =>
  `killed ${s.killed}, not killed ${s.survived} (reviewed equivalent ${s.equivalent}, out of reach ${s.outOfReach}, unreviewed ${s.unreviewed.length}); score ${s.raw} %, over non-equivalent mutants ${s.nonEquivalent} %`;
const folders = ["src/server/", "src/codecs/"].filter((f) =>
  Object.keys(full.files).some((file) => file.startsWith(f)),
);
const unreviewed: string[] = [];
const unkilled: string[] = [];
let suiteMet = false;
for (const folder of folders) {
  const byTheSuite = score(suite, rules, folder);
  const withUnits = score(both, rules, folder);
  console.log(`${folder}  by the suite: ${line(byTheSuite)}`);
  if (both !== suite) console.log(`${folder}  and the server's unit tests: ${line(withUnits)}`);
  // The suite's own work list: a survivor no case kills and no rule covers gets a case
  // (preferably) or a rule, even when a unit test of the server kills it.
  unreviewed.push(...byTheSuite.unreviewed.map(entry));
  unkilled.push(...withUnits.outOfReachMutants.map(entry));
  if (folder === "src/server/") {
    suiteMet = byTheSuite.nonEquivalent >= GOAL && byTheSuite.unreviewed.length === 0;
    const met = (s: FolderScore): string =>
      s.nonEquivalent >= GOAL && s.unreviewed.length === 0 ? "met" : "NOT met";
    console.log(
      `goal for src/server/ (${GOAL} % of non-equivalent mutants): by the suite ${met(byTheSuite)}` +
        (both !== suite ? `; with the server's unit tests ${met(withUnits)}` : ""),
    );
  }
}
writeFileSync(OUT, `${unreviewed.join("\n")}\n`);
writeFileSync(OUT_OF_REACH, `${unkilled.join("\n")}\n`);
console.log(`unreviewed survivors listed in ${OUT}, out-of-reach ones in ${OUT_OF_REACH}`);
process.exitCode = suiteMet ? 0 : 1;
