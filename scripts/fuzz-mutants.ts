/**
 * `npm run fuzz:mutants`: how many of the catalogue's mutants the fuzzer finds. Plants each
 * mutant of the catalogue (scripts/mutants/catalogue.ts) in a copy of src/ (mutant-tree.ts),
 * starts its server in a child process (mutant-process.ts) and
 * - fuzzes it alone, within a bounded budget: found when the fuzzer reports a failure (or its
 *   smoke request fails where the correct server's passes); named when the failure's statement is
 *   the one the mutant breaks;
 * - runs the differential run (the suite's requests) of a fresh correct reference against a fresh
 *   copy of the mutant: found when there is at least one semantic difference.
 * First it fuzzes the correct reference in this process: that run must find nothing, and gives
 * the steps per second. Options: `--only <id-substring>`, `--steps N` (default 1000), `--time S`
 * (per mutant, default 20), `--seed N` (default: one random seed for the whole run, printed),
 * `--json FILE`, `--no-diff`. Exit 1 when the correct reference fails or fewer than 90 % of the
 * mutants are found by the fuzzer; 4 when `--only` selects nothing.
 */
import { rmSync, writeFileSync } from "node:fs";
import { runDiff } from "../src/conformance/diff/index.js";
import { fuzzSmoke, loadFuzzWorld, runFuzz } from "../src/conformance/fuzz/index.js";
import { isRunAbort, type Target } from "../src/conformance/index.js";
import { fuzzFindingText } from "../src/conformance/reporters/fuzz-finding-text.js";
import { pool } from "../src/conformance/run/worker-pool.js";
import { createServer, memoryStore } from "../src/server/index.js";
import { MUTANTS, type Mutant } from "./mutants/catalogue.js";
import { citesRule, loadFixtures } from "./mutants/harness.js";
import { withMutantServer } from "./mutants/mutant-process.js";
import { plantMutant } from "./mutants/mutant-tree.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const steps = Number(arg("--steps") ?? 1000);
const timeMs = Number(arg("--time") ?? 20) * 1000;
const seed = Number(arg("--seed") ?? Math.floor(Math.random() * 0x7fffffff));
const only = arg("--only");
const withDiff = !process.argv.includes("--no-diff");
const { world, target } = loadFixtures();
const fuzzWorld = loadFuzzWorld(target);
if (!fuzzWorld.ok) throw new Error(fuzzWorld.issues.map((i) => i.message).join("; "));
const FUZZ_WORLD = fuzzWorld.value;

/** Runs `use` against a correct reference in this process (memory store). */
async function withReference<T>(use: (t: Target) => Promise<T>): Promise<T> {
  const store = memoryStore();
  const server = createServer({ world, store, logger: { error: () => {} } });
  try {
    const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
    return await use({ ...target, baseUrl: url });
  } finally {
    await server.close();
    await store.close();
  }
}

interface Row {
  id: string;
  statement: string;
  fuzz: "found" | "smoke" | "missed" | "error";
  named: boolean;
  by: string;
  step?: number;
  diff?: number | "error";
  ms: number;
}

async function fuzzMutant(m: Mutant): Promise<Row> {
  const t0 = performance.now();
  const base = { id: m.id, statement: m.statement };
  const dir = plantMutant(m);
  try {
    const row = await withMutantServer(dir, async (url): Promise<Row> => {
      const t = { ...target, baseUrl: url };
      if (await fuzzSmoke(t, FUZZ_WORLD))
        return { ...base, fuzz: "smoke", named: true, by: "smoke request", ms: 0 };
      const r = await runFuzz({
        target: t,
        world: FUZZ_WORLD,
        level: "profile",
        steps,
        timeMs,
        seed,
      });
      if (!r.failure)
        return { ...base, fuzz: "missed", named: false, by: `${r.steps} steps`, ms: 0 };
      const f = r.failure.finding;
      return {
        ...base,
        fuzz: "found",
        named: citesRule([f.statement], m.statement),
        by: `${f.statement} at ${f.path} (${r.failure.ops.length} op(s))`,
        ...(r.firstFailureStep !== undefined ? { step: r.firstFailureStep } : {}),
        ms: 0,
      };
    });
    if (withDiff) {
      try {
        row.diff = await withMutantServer(dir, (url) =>
          withReference(async (ref) => {
            const d = await runDiff({ a: ref, b: { ...target, baseUrl: url }, timeoutMs: 5000 });
            if (isRunAbort(d)) return d.abort === "unreachable" ? 1 : "error";
            return d.differences.length;
          }),
        );
      } catch {
        row.diff = "error";
      }
    }
    return { ...row, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    return {
      ...base,
      fuzz: "error",
      named: false,
      by: (e as Error).message,
      ms: Math.round(performance.now() - t0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));

async function main(): Promise<number> {
  const mutants = MUTANTS.filter((m) => !only || m.id.includes(only));
  if (mutants.length === 0) return 4;
  const t0 = performance.now();
  const baseline = await withReference((t) =>
    runFuzz({ target: t, world: FUZZ_WORLD, level: "profile", steps: 2000, timeMs: 120_000, seed }),
  );
  const rate = Math.round((baseline.steps / baseline.ms) * 1000);
  console.log(
    `correct reference (in-process): ${baseline.steps} steps, ${baseline.requests} requests in ${(baseline.ms / 1000).toFixed(1)} s = ${rate} steps/s; ${baseline.failure ? `FAILURE ${baseline.failure.finding.statement} at ${baseline.failure.finding.path}: ${fuzzFindingText(baseline.failure.finding)}` : "no failure"} (seed ${seed})`,
  );
  const rows = await pool(mutants, 2, async (m) => {
    const r = await fuzzMutant(m);
    process.stderr.write(
      r.fuzz === "found" || r.fuzz === "smoke" ? "." : r.fuzz === "missed" ? "M" : "E",
    );
    return r;
  });
  process.stderr.write("\n");
  console.log(
    `\n${pad("mutant", 34)} ${pad("statement", 20)} ${pad("fuzz", 7)} ${pad("named", 5)} ${pad("step", 5)} ${pad("diff", 6)} failure reported`,
  );
  for (const r of rows)
    console.log(
      `${pad(r.id, 34)} ${pad(r.statement, 20)} ${pad(r.fuzz, 7)} ${pad(r.fuzz === "found" ? (r.named ? "yes" : "no") : "", 5)} ${pad(r.step === undefined ? "" : String(r.step), 5)} ${pad(r.diff === undefined ? "" : String(r.diff), 6)} ${r.by}`,
    );
  const found = rows.filter((r) => r.fuzz === "found" || r.fuzz === "smoke").length;
  const named = rows.filter((r) => (r.fuzz === "found" || r.fuzz === "smoke") && r.named).length;
  const diffFound = rows.filter((r) => typeof r.diff === "number" && r.diff > 0).length;
  const pct = (n: number) => `${Math.round((n / rows.length) * 1000) / 10} %`;
  console.log(
    `\nfuzz alone (${steps} steps, ${timeMs / 1000} s at most per mutant, seed ${seed}): ${found}/${rows.length} found (${pct(found)}), ${named} naming the mutant's statement; ${withDiff ? `diff (suite's requests, reference vs mutant): ${diffFound}/${rows.length} (${pct(diffFound)}); ` : ""}reference: ${rate} steps/s; total ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const json = arg("--json");
  if (json)
    writeFileSync(
      json,
      `${JSON.stringify({ seed, steps, timeMs, rate, baseline: baseline.failure ?? null, rows }, null, 2)}\n`,
    );
  return baseline.failure || found / rows.length < 0.9 ? 1 : 0;
}

// A stray socket error of a defective server must not end the whole measurement unexplained.
process.on("uncaughtException", (e) =>
  process.stderr.write(`\nuncaught (run continues): ${e.stack ?? e}\n`),
);
process.on("exit", (code) => {
  if (!finished) process.stderr.write(`\nfuzz-mutants: exited early with code ${code}\n`);
});
let finished = false;
process.exitCode = await main();
finished = true;
