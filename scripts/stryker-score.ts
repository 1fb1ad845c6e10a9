/**
 * `npm run mutants:stryker:score`: reads the last StrykerJS report (reports/mutation/stryker.json,
 * from `npm run mutants:stryker`) and the reviewed rules (scripts/stryker/reviewed*.json), prints
 * per folder the raw score, the reviewed equivalents and out-of-reach mutants, the score over the
 * non-equivalent mutants (issue 10 item 3: goal ≥ 90 % for src/server/), and writes every
 * unreviewed survivor to reports/mutation/unreviewed.txt. When reports/mutation/stryker-recheck.json
 * exists (a later run of selected mutants, `npm run mutants:stryker:recheck`), its statuses replace
 * the full run's for the mutants it holds (review.ts `mergeRecheck`).
 * Exit 0 when src/server/ meets the goal and has no unreviewed survivor; 1 otherwise; 2 without a report.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadRules, mergeRecheck, type StrykerReport, score } from "./stryker/review.js";

const REPORT = "reports/mutation/stryker.json";
const RECHECK = "reports/mutation/stryker-recheck.json";
/** The reviewed rules: every `reviewed*.json` in this folder (one file per area of the server). */
const RULES_DIR = "scripts/stryker";
const OUT = "reports/mutation/unreviewed.txt";
const GOAL = 90;

if (!existsSync(REPORT)) {
  console.error(`no ${REPORT}: run npm run mutants:stryker first`);
  process.exit(2);
}
const full = JSON.parse(readFileSync(REPORT, "utf8")) as StrykerReport;
const merged = existsSync(RECHECK)
  ? mergeRecheck(full, JSON.parse(readFileSync(RECHECK, "utf8")) as StrykerReport)
  : undefined;
if (merged) console.log(`${RECHECK}: ${merged.taken} mutants' statuses from the later re-run`);
const report = merged?.report ?? full;
const rules = loadRules(RULES_DIR);
const lines: string[] = [];
let serverOk = false;
for (const folder of ["src/server/", "src/codecs/"]) {
  const s = score(report, rules, folder);
  console.log(
    `${folder.padEnd(12)} killed ${s.killed}, not killed ${s.survived} (reviewed equivalent ${s.equivalent}, out of reach ${s.outOfReach}, unreviewed ${s.unreviewed.length}); score ${s.raw} %, over non-equivalent mutants ${s.nonEquivalent} %`,
  );
  for (const m of s.unreviewed)
    lines.push(`${m.file}:${m.line} ${m.status} ${m.mutator} | ${m.source} => ${m.replacement}`);
  if (folder === "src/server/") serverOk = s.nonEquivalent >= GOAL && s.unreviewed.length === 0;
}
writeFileSync(OUT, `${lines.join("\n")}\n`);
console.log(
  `unreviewed survivors listed in ${OUT}; goal for src/server/: ${GOAL} % ${serverOk ? "met" : "NOT met"}`,
);
process.exitCode = serverOk ? 0 : 1;
