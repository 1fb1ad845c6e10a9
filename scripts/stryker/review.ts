/**
 * The review of StrykerJS's surviving mutants: rules from `reviewed*.json`, each
 * saying why the mutants it covers are equivalent (the mutated server still conforms, so no fair
 * case may kill it) or out of the suite's reach (code the HTTP suite cannot drive). A rule covers
 * a mutant by file, optionally by mutator and by a pattern on the mutated source line; rules
 * never match by line number, so they survive edits elsewhere in the file.
 */

import { readdirSync, readFileSync } from "node:fs";

/** The rules of every `reviewed*.json` in `dir` (one file per area of the server), in file order. */
export function loadRules(dir: string): ReviewRule[] {
  return readdirSync(dir)
    .filter((f) => /^reviewed.*\.json$/.test(f))
    .sort()
    .flatMap(
      (f) => (JSON.parse(readFileSync(`${dir}/${f}`, "utf8")) as { rules: ReviewRule[] }).rules,
    );
}

/** One reviewed rule. */
export interface ReviewRule {
  /** Path from the package root; a trailing `/` covers a folder. */
  file: string;
  /** Stryker mutator names (`StringLiteral`, …); all when absent. */
  mutators?: string[];
  /** A regular expression the mutated source line must match; any line when absent. */
  line?: string;
  /** A regular expression the mutated text itself (before mutation) must match. */
  original?: string;
  /** A regular expression the replacement must match (to tell `true` from `false`, say). */
  replacement?: string;
  /** `NoCoverage` mutants only (code the suite never runs). */
  noCoverageOnly?: boolean;
  kind: "equivalent" | "out-of-reach";
  reason: string;
}

/** The part of a Stryker JSON report (mutation-testing-report-schema) this review reads. */
export interface StrykerReport {
  files: Record<
    string,
    {
      source: string;
      mutants: {
        id: string;
        mutatorName: string;
        replacement?: string;
        status: string;
        location: {
          start: { line: number; column: number };
          end: { line: number; column: number };
        };
      }[];
    }
  >;
}

/** A mutant as the review sees it. */
export interface ReviewedMutant {
  file: string;
  line: number;
  mutator: string;
  status: string;
  source: string;
  /** The mutated text before mutation. */
  original: string;
  replacement: string;
  rule?: ReviewRule;
}

const KILLED = new Set(["Killed", "Timeout"]);
const NOT_COUNTED = new Set(["Ignored", "CompileError", "RuntimeError"]);

/** True when `rule` covers the mutant. */
export function covers(rule: ReviewRule, m: Omit<ReviewedMutant, "rule">): boolean {
  if (rule.file.endsWith("/") ? !m.file.startsWith(rule.file) : m.file !== rule.file) return false;
  if (rule.mutators && !rule.mutators.includes(m.mutator)) return false;
  if (rule.noCoverageOnly && m.status !== "NoCoverage") return false;
  if (rule.original !== undefined && !new RegExp(rule.original).test(m.original)) return false;
  if (rule.replacement !== undefined && !new RegExp(rule.replacement).test(m.replacement))
    return false;
  return rule.line === undefined || new RegExp(rule.line).test(m.source);
}

/** Score of one folder: killed over the mutants that count, with and without the equivalents. */
export interface FolderScore {
  folder: string;
  killed: number;
  survived: number;
  equivalent: number;
  outOfReach: number;
  /** The mutants behind `outOfReach`. */
  outOfReachMutants: ReviewedMutant[];
  unreviewed: ReviewedMutant[];
  /** killed / (all counted mutants): Stryker's own score. */
  raw: number;
  /** killed / (counted mutants − reviewed equivalents): the goal (≥ 90 % for src/server). */
  nonEquivalent: number;
}

/** Scores `folder` of `report` under `rules`. */
export function score(
  report: StrykerReport,
  rules: readonly ReviewRule[],
  folder: string,
): FolderScore {
  let killed = 0;
  let counted = 0;
  let equivalent = 0;
  const outOfReachMutants: ReviewedMutant[] = [];
  const unreviewed: ReviewedMutant[] = [];
  for (const [file, data] of Object.entries(report.files)) {
    if (!file.startsWith(folder)) continue;
    const lines = data.source.split("\n");
    for (const mutant of data.mutants) {
      if (NOT_COUNTED.has(mutant.status)) continue;
      counted++;
      if (KILLED.has(mutant.status)) {
        killed++;
        continue;
      }
      const { start, end } = mutant.location;
      const original =
        start.line === end.line
          ? (lines[start.line - 1] ?? "").slice(start.column - 1, end.column - 1)
          : "";
      const m = {
        file,
        original,
        line: start.line,
        mutator: mutant.mutatorName,
        status: mutant.status,
        source: (lines[mutant.location.start.line - 1] ?? "").trim(),
        replacement: (mutant.replacement ?? "").replace(/\s+/g, " "),
      };
      const rule = rules.find((r) => covers(r, m));
      if (!rule) unreviewed.push(m);
      else if (rule.kind === "equivalent") equivalent++;
      else outOfReachMutants.push({ ...m, rule });
    }
  }
  const pct = (n: number, d: number): number => (d === 0 ? 0 : Math.round((1000 * n) / d) / 10);
  return {
    folder,
    killed,
    survived: counted - killed,
    equivalent,
    outOfReach: outOfReachMutants.length,
    outOfReachMutants,
    unreviewed,
    raw: pct(killed, counted),
    nonEquivalent: pct(killed, counted - equivalent),
  };
}

type ReportMutant = StrykerReport["files"][string]["mutants"][number];

/** A mutant's identity across runs: its source line's text, where on it, the mutator, the replacement. */
function mutantKey(lines: readonly string[], m: ReportMutant): string {
  const { start, end } = m.location;
  return [
    lines[start.line - 1] ?? "",
    start.column,
    end.line - start.line,
    end.column,
    m.mutatorName,
    m.replacement ?? "",
  ].join("\u0000");
}

/**
 * `full` with the statuses of `recheck` (a later run of selected mutants, e.g. those on the lines
 * of unreviewed survivors after cases were added): a mutant of `full` takes the status of the
 * mutant of `recheck` with the same identity (same line text, position, mutator and replacement,
 * so a line that moved is still found). Mutants `full` does not hold are left out; its other
 * mutants keep their status. With `"kills only"` (a run of other tests, such as the server's
 * unit tests) only a Killed or Timeout status is taken: a mutant is killed when any test set
 * kills it. Returns the merged report and how many statuses were taken.
 */
export function mergeRecheck(
  full: StrykerReport,
  recheck: StrykerReport,
  take: "every status" | "kills only" = "every status",
): { report: StrykerReport; taken: number } {
  let taken = 0;
  const files: StrykerReport["files"] = {};
  for (const [file, data] of Object.entries(full.files)) {
    const again = recheck.files[file];
    if (!again) {
      files[file] = data;
      continue;
    }
    const againLines = again.source.split("\n");
    const status = new Map(again.mutants.map((m) => [mutantKey(againLines, m), m.status]));
    const lines = data.source.split("\n");
    files[file] = {
      ...data,
      mutants: data.mutants.map((m) => {
        const s = status.get(mutantKey(lines, m));
        if (s === undefined) return m;
        // Other tests add kills to the counted mutants only: never a status they merely confirm,
        // nor one the run behind `full` did not count (a static mutant it ignored, say).
        const adds = KILLED.has(s) && !KILLED.has(m.status) && !NOT_COUNTED.has(m.status);
        if (take === "kills only" && !adds) return m;
        taken++;
        return { ...m, status: s };
      }),
    };
  }
  return { report: { files }, taken };
}
