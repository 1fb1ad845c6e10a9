/**
 * The mutation self-check: runs the whole conformance suite
 * against the reference server once per mutant (a copy of `src/` with one deliberate defect
 * planted, run in a child process) and once per allowed variant (a correct server behind a
 * rewriting proxy). Every mutant must be killed; every variant must
 * pass with zero failures at its levels, and fail only by the rules it names at its named level.
 *
 * The runner is used exactly as a user's CI uses it: over HTTP to a base URL.
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ABORT_EXIT } from "../../src/cli/abort-exit.js";
import type { Level } from "../../src/conformance/case-types.js";
import {
  abortText,
  caseMessage,
  loadTarget,
  type RunReport,
  runSuite,
  type Target,
} from "../../src/conformance/index.js";
import {
  BUNDLED_WORLD,
  createServer,
  loadWorld,
  memoryStore,
  type World,
} from "../../src/server/index.js";
import type { Mutant } from "./catalogue.js";
import { withMutantServer } from "./mutant-process.js";
import { applyEdits, plantMutant, readProductFile } from "./mutant-tree.js";
import { type BodyRewrite, startVariantProxy, type WireRewrite } from "./variant-proxy.js";

/** An allowed variant: a rewrite of correct responses, and the levels at which it must pass. */
export interface Variant {
  id: string;
  what: string;
  /**
   * Core alone for renderings only readers must tolerate (P-FMT-6: the profile requires the
   * declared type); core and profile where writers may differ too.
   */
  levels: readonly Level[];
  /**
   * The rule the variant breaks at a level it does not pass (e.g. profile for the renderings
   * P-FMT-6.3 forbids writers): run at `level` too, where at least one case must fail and every
   * failing check of every failing case must cite one of `statements` (or one of their clauses).
   */
  named?: { level: Level; statements: readonly string[] };
  /**
   * Set when the variant answers other data than the server behind it, not the same data in
   * another rendering (a smaller default page): why that is allowed. `diff` must report it.
   */
  otherData?: string;
  rewrite: BodyRewrite;
  /** What the variant changes around the body: headers, framing, status line, error bodies. */
  wire?: WireRewrite;
}

/**
 * How a mutant's run ended: cases failed (`killed`); the smoke request failed with the defect
 * planted and passes without it (`killed-by-smoke`); every case passed (`survived`); its edits do
 * not apply to `src/` (`unplanted`); or the run could not be judged (`error`: it stopped for a
 * reason the defect does not explain). Only the first two count as killed.
 */
export type MutantOutcome = "killed" | "killed-by-smoke" | "survived" | "unplanted" | "error";

/** What one mutant's run found. */
export interface MutantResult {
  mutant: Mutant;
  outcome: MutantOutcome;
  killed: boolean;
  /**
   * Named: true when a failing case cites the statement the mutant breaks (a catch-all
   * case may fail beside it, but not alone); a smoke kill is attributed by definition.
   */
  attributed: boolean;
  /** The first failing case that cites the mutant's statement, else the first failing case, or why the run stopped. */
  by: string;
  /** Every failing case (id and the statement it reported). */
  failing: string[];
  ms: number;
}

/** What one variant's run found. */
export interface VariantResult {
  variant: Variant;
  level: Level;
  /**
   * Every failing case: the statement it reported, its message, and what it cites (the
   * statement of every failing check; `failure:<code>` for a step that got no answer to check).
   */
  failures: { id: string; statement: string; message: string; cited: string[] }[];
  passed: number;
  ms: number;
  /** The statements every failure must cite: set on the run at `variant.named.level`. */
  named?: readonly string[];
}

/** The failing cases of a named run that cite a statement it does not name. */
export function unnamedFailures(r: VariantResult): VariantResult["failures"] {
  const named = r.named ?? [];
  return r.failures.filter(
    (f) => f.cited.length === 0 || f.cited.some((s) => !named.some((n) => citesRule([s], n))),
  );
}

/**
 * True when a variant's run is as it must be: no failure at a level it must pass; at its named
 * level, at least one failing case and each failing only by the rules it names.
 */
export function variantPasses(r: VariantResult): boolean {
  if (!r.named) return r.failures.length === 0;
  return r.failures.length > 0 && unnamedFailures(r).length === 0;
}

const TARGET_FILE = fileURLToPath(new URL("../../fixtures/target.json", import.meta.url));
const silent = { error: () => {} };

/** The bundled world and target, loaded once. */
export function loadFixtures(): { world: World; target: Target } {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error(`bundled world: ${JSON.stringify(world.issues)}`);
  const target = loadTarget(TARGET_FILE);
  if (!target.ok) throw new Error(`bundled target: ${JSON.stringify(target.issues)}`);
  return { world: world.value, target: target.value };
}

/** Runs `use` against the correct reference server (in this process, memory store). */
async function withCorrectServer<T>(world: World, use: (url: string) => Promise<T>): Promise<T> {
  const store = memoryStore();
  const server = createServer({ world, store, logger: silent });
  try {
    const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
    return await use(url);
  } finally {
    await server.close();
    await store.close();
  }
}

/**
 * Runs `use` against the server of `mutant` (its tree removed after, unless `keepTree`), or the
 * correct one when there is none.
 */
async function withServer<T>(
  world: World,
  mutant: Mutant | undefined,
  use: (url: string) => Promise<T>,
  keepTree = false,
): Promise<T> {
  if (!mutant) return withCorrectServer(world, use);
  const dir = plantMutant(mutant);
  try {
    return await withMutantServer(dir, use);
  } finally {
    if (!keepTree) rmSync(dir, { recursive: true, force: true });
  }
}

function isReport(r: Awaited<ReturnType<typeof runSuite>>): r is RunReport {
  return "cases" in r;
}

/** The whole suite at `level` (every case: attribution needs all failures). */
function runAll(target: Target, url: string, level: Level): ReturnType<typeof runSuite> {
  return runSuite({ target: { ...target, baseUrl: url }, level, timeoutMs: 5000 });
}

/**
 * True when a case citing `cited` speaks to the rule `named`: the same id, or one is a clause
 * of the other (`P-FMT-3.2` of `P-FMT-3`).
 */
export function citesRule(cited: readonly string[], named: string): boolean {
  return cited.some((c) => c === named || c.startsWith(`${named}.`) || named.startsWith(`${c}.`));
}

/**
 * Whether a failed case names `rule`: among the statements it cites, or as the statement its
 * failure was reported against (a step's check may cite a rule the case relies on, such as the
 * 10,000-key case reading its key count back under P-DATA-4.1 before it tests P-DATA-7).
 */
export function namesRule(
  c: { readonly statements: readonly string[]; readonly failedStatement?: string },
  rule: string,
): boolean {
  return citesRule(
    c.failedStatement === undefined ? c.statements : [...c.statements, c.failedStatement],
    rule,
  );
}

/**
 * The failed case that names `rule`: first one whose failure was reported against it, else one
 * that only cites it (a case citing the rule may have failed by another of its checks, as the
 * default-count cases fail under P-PAGE-1.2 when itemsPerPage breaks P-PAGE-3.3).
 */
export function namingCase<
  C extends { readonly statements: readonly string[]; readonly failedStatement?: string },
>(failed: readonly C[], rule: string): C | undefined {
  return (
    failed.find((c) => c.failedStatement !== undefined && citesRule([c.failedStatement], rule)) ??
    failed.find((c) => namesRule(c, rule))
  );
}

/** True when a server (the mutant's, or the correct one) answers the smoke request. */
export async function smokePasses(world: World, target: Target, mutant?: Mutant): Promise<boolean> {
  return withServer(world, mutant, async (url) => {
    const r = await runSuite({
      target: { ...target, baseUrl: url },
      level: "profile",
      grep: /^errors\/unknown-path-404$/,
      timeoutMs: 5000,
    });
    return isReport(r);
  });
}

/** Runs the suite against the mutant's server (or the correct one) and judges the run. */
export async function judgeRun(
  world: World,
  target: Target,
  mutant?: Mutant,
  keepTree = false,
  level: Level = "profile",
): Promise<Omit<MutantResult, "mutant" | "killed" | "ms">> {
  const r = await withServer(world, mutant, (url) => runAll(target, url, level), keepTree);
  if (!isReport(r)) {
    const why = `run stopped (exit ${ABORT_EXIT[r.abort]}): ${abortText(r).split("\n")[0]}`;
    // Killed by the smoke request only if the same request passes on the correct server.
    const byDefect = r.abort === "unreachable" && (await smokePasses(world, target));
    return byDefect
      ? { outcome: "killed-by-smoke", attributed: true, by: why, failing: [] }
      : { outcome: "error", attributed: false, by: why, failing: [] };
  }
  const failed = r.cases.filter((c) => c.outcome === "fail" || c.outcome === "unexpected-pass");
  const failing = failed.map((c) => `${c.id} (${c.failedStatement ?? "?"})`);
  if (failed.length === 0) return { outcome: "survived", attributed: false, by: "", failing };
  const citing = mutant ? namingCase(failed, mutant.statement) : undefined;
  const shown = citing ?? failed[0];
  return {
    outcome: "killed",
    attributed: citing !== undefined,
    by: shown ? `${shown.id} (${shown.failedStatement ?? "?"})` : "",
    failing,
  };
}

/**
 * Runs the suite at `level` against the server with `mutant` planted (its tree kept under
 * `.mutants/` if `keepTree`).
 */
export async function runMutant(
  world: World,
  target: Target,
  mutant: Mutant,
  keepTree = false,
  level: Level = "profile",
): Promise<MutantResult> {
  const t0 = performance.now();
  let judged: Omit<MutantResult, "mutant" | "killed" | "ms">;
  const planted = applyEdits(mutant.edits, readProductFile);
  if (!planted.ok)
    judged = {
      outcome: "unplanted",
      attributed: false,
      by: planted.issues.map((i) => i.message).join("; "),
      failing: [],
    };
  else
    try {
      judged = await judgeRun(world, target, mutant, keepTree, level);
    } catch (e) {
      // A server that cannot start proves nothing about the suite.
      judged = {
        outcome: "error",
        attributed: false,
        by: `no run: ${e instanceof Error ? e.message : String(e)}`,
        failing: [],
      };
    }
  const killed = judged.outcome === "killed" || judged.outcome === "killed-by-smoke";
  return { mutant, ...judged, killed, ms: Math.round(performance.now() - t0) };
}

/**
 * Runs the suite at `level` against a correct server behind `variant`'s rewriting proxy (at the
 * variant's named level, the result carries the statements its failures must cite).
 */
export async function runVariant(
  world: World,
  target: Target,
  variant: Variant,
  level: Level,
): Promise<VariantResult> {
  const t0 = performance.now();
  const named = variant.named?.level === level ? { named: variant.named.statements } : {};
  return withCorrectServer(world, async (url) => {
    const proxy = await startVariantProxy(url, variant.rewrite, undefined, variant.wire);
    try {
      const r = await runSuite({
        target: { ...target, baseUrl: proxy.url },
        level,
        timeoutMs: 5000,
      });
      const ms = Math.round(performance.now() - t0);
      if (!isReport(r))
        return {
          variant,
          level,
          failures: [{ id: "(run)", statement: "", message: abortText(r), cited: [] }],
          passed: 0,
          ms,
          ...named,
        };
      const failures = r.cases
        .filter((c) => c.outcome === "fail")
        .map((c) => ({
          id: c.id,
          statement: c.failedStatement ?? "",
          message: caseMessage(c) ?? "",
          cited: c.steps.flatMap((s) => [
            ...(s.failure ? [`failure:${s.failure.code}`] : []),
            ...s.checks.filter((k) => !k.ok).map((k) => k.statement),
          ]),
        }));
      return { variant, level, failures, passed: r.summary.pass, ms, ...named };
    } finally {
      await proxy.close();
    }
  });
}
