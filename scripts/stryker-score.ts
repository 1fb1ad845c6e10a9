/**
 * `npm run mutants:stryker:score`: reads the last StrykerJS report (reports/mutation/stryker.json,
 * from `npm run mutants:stryker`) and the reviewed rules (scripts/stryker/reviewed*.json), prints
 * per folder the raw score, the reviewed equivalents and out-of-reach mutants, the score over the
 * non-equivalent mutants (issue 10 item 3: goal ≥ 90 % for src/server/), and writes every
 * unreviewed survivor to reports/mutation/unreviewed.txt. Every reports/mutation/stryker-recheck*.json
 * (a later run of selected mutants: `npm run mutants:stryker:recheck`, `mutants:stryker:stores`)
 * replaces the full run's statuses for the mutants it holds (review.ts `mergeRecheck`), in name
 * order.
 * Exit 0 when src/server/ meets the goal and has no unreviewed survivor; 1 otherwise; 2 without a report.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadRules, mergeRecheck, type StrykerReport, score } from "./stryker/review.js";

const REPORT = "reports/mutation/stryker.json";
const RECHECKS = "reports/mutation";
/** The reviewed rules: every `reviewed*.json` in this folder (one file per area of the server). */
const RULES_DIR = "scripts/stryker";
const OUT = "reports/mutation/unreviewed.txt";
const GOAL = 90;

if (!existsSync(REPORT)) {
  console.error(`no ${REPORT}: run npm run mutants:stryker first`);
  process.exit(2);
}
let report = JSON.parse(readFileSync(REPORT, "utf8")) as StrykerReport;
for (const name of readdirSync(RECHECKS)
  .filter((f) => /^stryker-recheck.*\.json$/.test(f))
  .sort()) {
  const again = JSON.parse(readFileSync(`${RECHECKS}/${name}`, "utf8")) as StrykerReport;
  const merged = mergeRecheck(report, again);
  console.log(`${RECHECKS}/${name}: ${merged.taken} mutants' statuses from this later run`);
  report = merged.report;
}
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
