/**
 * `npm run mutants:stryker:stores`: the suite reaches each store's code only
 * when the reference runs on that store, so a run over SQLite (the default, `mutants:stryker`)
 * leaves the PostgreSQL and in-memory stores out of reach. This runs StrykerJS on each of them
 * with the suite against the reference on that store (test/stryker, `OSK_SUITE_STORE`), each
 * into reports/mutation/stryker-recheck-<time>-store-<store>.json, whose statuses the score then takes
 * (review.ts `mergeRecheck`). Needs PostgreSQL installed (as `.ci/run` installs it).
 */
import { recheckReport, runStryker } from "./stryker/run.js";

const STORES: { store: string; mutate: string[] }[] = [
  {
    store: "postgres",
    mutate: ["src/server/store/postgres.ts", "src/server/store/postgres-schema.ts"],
  },
  { store: "memory", mutate: ["src/server/store/memory.ts"] },
];

let status = 0;
for (const { store, mutate } of STORES) {
  console.log(`\n== the suite over the ${store} store: ${mutate.join(", ")}`);
  status ||= runStryker({
    mutate,
    report: recheckReport(`store-${store}`),
    coverageAnalysis: "perTest",
    env: { OSK_SUITE_STORE: store },
  });
}
process.exitCode = status;
