/**
 * `npm run mutants:stryker:units`: the mutants of src/server/ that the conformance suite cannot
 * reach or did not kill (reports/mutation/out-of-reach.txt and unreviewed.txt, written by
 * `npm run mutants:stryker:score`) run against the server's own tests (vitest.stryker-units.config.ts:
 * test/server/ and src/server/): start-up and its option checks, the index page, /healthz, the
 * HTTP adapter's transport bounds, the request log. The report goes to
 * reports/mutation/stryker-recheck-<time>-units.json; the score takes only its kills (a mutant
 * is killed when the suite or a unit test kills it) and prints the figure with and without them,
 * so the suite's own figure stays visible (the suite is the test that counts).
 * `npm run mutants:stryker:units -- src/server/world/` runs only the listed mutants under those
 * paths (after unit tests were added for them). Per-test coverage misses tests for code run in
 * socket callbacks (the adapter's 413 survived although "exactly 1 MiB is not refused" fails
 * against it): `--all-tests --tests=test/server/limits.test.ts,…` runs the named files against
 * every mutant.
 */
import { existsSync } from "node:fs";
import { mutateLines } from "./stryker/lines.js";
import { recheckReport, runStryker } from "./stryker/run.js";

const LISTS = ["reports/mutation/out-of-reach.txt", "reports/mutation/unreviewed.txt"];

const missing = LISTS.filter((f) => !existsSync(f));
if (missing.length > 0) {
  console.error(`no ${missing.join(", ")}: run npm run mutants:stryker:score first`);
  process.exit(2);
}
const args = process.argv.slice(2);
/** `--tests=a.test.ts,b.test.ts`: only these test files (vitest.stryker-units.config.ts reads it). */
const tests = args.find((a) => a.startsWith("--tests="))?.slice("--tests=".length);
/** `--all-tests`: every test runs against every mutant, not only those Stryker links to it. */
const allTests = args.includes("--all-tests");
/** Path prefixes (`src/server/world/`, `src/server/health.ts`): run only their mutants. */
const only = args.filter((a) => !a.startsWith("--"));
const all = mutateLines(LISTS).mutate;
const mutate = only.length === 0 ? all : all.filter((m) => only.some((p) => m.startsWith(p)));
const files = new Set(mutate.map((m) => m.replace(/:\d+-\d+$/, ""))).size;
if (mutate.length === 0) {
  console.log("every mutant of src/server/ is killed or reviewed equivalent: nothing to run");
  process.exit(0);
}
console.log(
  `running the server's unit tests on the mutants of ${mutate.length} lines of ${files} files`,
);
process.exitCode = runStryker({
  mutate,
  report: recheckReport("units"),
  coverageAnalysis: allTests ? "all" : "perTest",
  vitestConfig: "vitest.stryker-units.config.ts",
  env: tests ? { OSK_UNIT_TESTS: tests } : {},
});
