/**
 * Runs StrykerJS on selected code with the project's configuration (stryker.config.json) and a
 * report file of its own: the shared step of `mutants:stryker:recheck` and `mutants:stryker:stores`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

/** What to mutate, where the JSON report goes, how tests are chosen, and the environment. */
export interface PartialRun {
  /** `mutate` patterns (files, or `file:line-line` ranges). */
  mutate: string[];
  /** The JSON report (`recheckReport` names it). */
  report: string;
  /** `all`: every case runs against every mutant; `perTest`: only the cases that reached it. */
  coverageAnalysis: "all" | "perTest";
  /** Extra environment of the test runs (e.g. OSK_SUITE_STORE). */
  env?: Record<string, string>;
  /** The vitest configuration to run (default: stryker.config.json's, the suite alone). */
  vitestConfig?: string;
}

/**
 * The report file of a partial run named `what`: reports/mutation/stryker-recheck-<UTC time>-<what>.json,
 * so that the score, which takes them in name order, lets a later run's status win.
 */
export function recheckReport(what: string): string {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `reports/mutation/stryker-recheck-${stamp}-${what}.json`;
}

/** Runs Stryker; its exit status. */
export function runStryker(run: PartialRun): number {
  const base = JSON.parse(readFileSync("stryker.config.json", "utf8")) as Record<string, unknown>;
  const config = `.stryker-tmp/${run.report.replace(/[^a-z0-9-]+/gi, "_")}.config.json`;
  mkdirSync(".stryker-tmp", { recursive: true });
  writeFileSync(
    config,
    JSON.stringify({
      ...base,
      $schema: undefined,
      mutate: run.mutate,
      ...(run.vitestConfig
        ? { vitest: { ...(base.vitest as object), configFile: run.vitestConfig } }
        : {}),
      incremental: false,
      coverageAnalysis: run.coverageAnalysis,
      // Stryker refuses ignoreStatic without per-test coverage (it cannot tell static mutants).
      ...(run.coverageAnalysis === "all" ? { ignoreStatic: false } : {}),
      reporters: ["clear-text", "progress-append-only", "json"],
      jsonReporter: { fileName: run.report },
    }),
  );
  const result = spawnSync("npx", ["stryker", "run", config], {
    stdio: "inherit",
    env: { ...process.env, ...run.env },
  });
  return result.status ?? 1;
}
