/**
 * The mutation self-check (issue 6): runs the whole conformance suite against the reference
 * server once per mutant (one deliberate defect switched on) and once per allowed variant (a
 * correct server behind a rewriting proxy). Every mutant must be killed; every variant must
 * pass with zero failures.
 *
 * The runner is used exactly as a user's CI uses it: over HTTP to a base URL.
 */
import { fileURLToPath } from "node:url";
import type { Level } from "../../src/conformance/case-types.js";
import { loadTarget, type RunReport, runSuite, type Target } from "../../src/conformance/index.js";
import {
  BUNDLED_WORLD,
  createServer,
  DEFECTS,
  type Defect,
  loadWorld,
  openStore,
  type World,
} from "../../src/server/index.js";
import type { Mutant } from "./catalogue.js";
import { type BodyRewrite, startVariantProxy } from "./variant-proxy.js";

/** An allowed variant: a rewrite of correct responses, and the level at which it must pass. */
export interface Variant {
  id: string;
  what: string;
  /** Core for renderings only readers must tolerate (P-FMT-6); profile where writers may differ too. */
  level: Level;
  rewrite: BodyRewrite;
}

/**
 * How a mutant's run ended: a case failed (`killed`); the smoke request failed with the defect
 * on and passes without it (`killed-by-smoke`); every case passed (`survived`); the id is no
 * switch of the server (`unimplemented`); or the run could not be judged (`error`: it stopped
 * for a reason the defect does not explain). Only the first two count as killed.
 */
export type MutantOutcome = "killed" | "killed-by-smoke" | "survived" | "unimplemented" | "error";

/** What one mutant's run found. */
export interface MutantResult {
  mutant: Mutant;
  outcome: MutantOutcome;
  killed: boolean;
  /** The first case that failed, or why the run stopped. */
  by: string;
  ms: number;
}

/** What one variant's run found. */
export interface VariantResult {
  variant: Variant;
  failures: { id: string; statement: string; message: string }[];
  passed: number;
  ms: number;
}

const TARGET_FILE = fileURLToPath(new URL("../../fixtures/target.json", import.meta.url));
const silent = { error: () => {} };

/** The bundled world and target, loaded once. */
export function loadFixtures(): { world: World; target: Target } {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error(`bundled world: ${JSON.stringify(world.issues)}`);
  const target = loadTarget(TARGET_FILE);
  if (!target.ok) throw new Error(`bundled target: ${target.problems.join("; ")}`);
  return { world: world.value, target: target.target };
}

async function withServer<T>(
  world: World,
  defects: ReadonlySet<Defect>,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const store = openStore(":memory:");
  const server = createServer({ world, store, defects, logger: silent });
  try {
    const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
    return await use(url);
  } finally {
    await server.close();
    await store.close();
  }
}

function isReport(r: Awaited<ReturnType<typeof runSuite>>): r is RunReport {
  return "cases" in r;
}

/** The whole suite at profile level, stopping at the first failure. */
function runBail(target: Target, url: string): ReturnType<typeof runSuite> {
  return runSuite({
    target: { ...target, baseUrl: url },
    level: "profile",
    bail: true,
    timeoutMs: 5000,
  });
}

/** True when a server with `defects` answers the smoke request (a run with one cheap case starts). */
export async function smokePasses(
  world: World,
  target: Target,
  defects: ReadonlySet<Defect>,
): Promise<boolean> {
  return withServer(world, defects, async (url) => {
    const r = await runSuite({
      target: { ...target, baseUrl: url },
      level: "profile",
      grep: /^errors\/unknown-path-404$/,
      timeoutMs: 5000,
    });
    return isReport(r);
  });
}

/** Runs the suite against a server with exactly `defects` on and judges the run (see {@link MutantOutcome}). */
export async function runWithDefects(
  world: World,
  target: Target,
  defects: ReadonlySet<Defect>,
): Promise<{ outcome: MutantOutcome; by: string }> {
  const r = await withServer(world, defects, (url) => runBail(target, url));
  if (!isReport(r)) {
    const why = `run stopped (exit ${r.exitCode}): ${r.message.split("\n")[0]}`;
    // Killed by the smoke request only if the same request passes on the correct server.
    const byDefect = r.exitCode === 3 && (await smokePasses(world, target, new Set()));
    return { outcome: byDefect ? "killed-by-smoke" : "error", by: why };
  }
  const failed = r.cases.find((c) => c.outcome === "fail" || c.outcome === "unexpected-pass");
  if (failed) return { outcome: "killed", by: `${failed.id} (${failed.failedStatement ?? "?"})` };
  return { outcome: "survived", by: "" };
}

const IMPLEMENTED: ReadonlySet<string> = new Set(DEFECTS);

/** Runs the suite against the server with `mutant` switched on. */
export async function runMutant(
  world: World,
  target: Target,
  mutant: Mutant,
): Promise<MutantResult> {
  const t0 = performance.now();
  let judged: { outcome: MutantOutcome; by: string };
  if (!IMPLEMENTED.has(mutant.id))
    judged = { outcome: "unimplemented", by: "not a defect switch of the server (DEFECTS)" };
  else
    try {
      judged = await runWithDefects(world, target, new Set([mutant.id]));
    } catch (e) {
      // A server that cannot start proves nothing about the suite.
      judged = { outcome: "error", by: `no run: ${e instanceof Error ? e.message : String(e)}` };
    }
  const killed = judged.outcome === "killed" || judged.outcome === "killed-by-smoke";
  return { mutant, ...judged, killed, ms: Math.round(performance.now() - t0) };
}

/** Runs the suite against a correct server behind `variant`'s rewriting proxy. */
export async function runVariant(
  world: World,
  target: Target,
  variant: Variant,
): Promise<VariantResult> {
  const t0 = performance.now();
  return withServer(world, new Set(), async (url) => {
    const proxy = await startVariantProxy(url, variant.rewrite);
    try {
      const r = await runSuite({
        target: { ...target, baseUrl: proxy.url },
        level: variant.level,
        timeoutMs: 5000,
      });
      const ms = Math.round(performance.now() - t0);
      if (!isReport(r))
        return {
          variant,
          failures: [{ id: "(run)", statement: "", message: r.message }],
          passed: 0,
          ms,
        };
      const failures = r.cases
        .filter((c) => c.outcome === "fail")
        .map((c) => ({ id: c.id, statement: c.failedStatement ?? "", message: c.message ?? "" }));
      return { variant, failures, passed: r.summary.pass, ms };
    } finally {
      await proxy.close();
    }
  });
}
