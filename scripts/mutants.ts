/**
 * `npm run mutants`: the mutation self-check. Prints the mutant table and the
 * variant table; exits 1 when a mutant survives, is killed only by cases that do not cite the
 * statement it breaks, or a variant fails (at its named level: fails nowhere, or by a rule it does
 * not name); 0 otherwise.
 * Options: `--only <id-substring>` to run a subset; `--json <file>` to write the results;
 * `--keep` to leave each mutant's planted copy under `.mutants/<id>/` for inspection.
 */
import { writeFileSync } from "node:fs";
import { pool } from "../src/conformance/run/worker-pool.js";
import { MUTANTS } from "./mutants/catalogue.js";
import {
  loadFixtures,
  type MutantOutcome,
  type MutantResult,
  runMutant,
  runVariant,
  unnamedFailures,
  type VariantResult,
  variantPasses,
} from "./mutants/harness.js";
import { VARIANTS } from "./mutants/variants.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const pad = (s: string, n: number): string => (s.length >= n ? s : s + " ".repeat(n - s.length));

const SHOWN: Record<MutantOutcome, string> = {
  killed: "killed",
  "killed-by-smoke": "smoke",
  survived: "SURVIVED",
  unplanted: "NO-PLANT",
  error: "ERROR",
};

async function main(): Promise<number> {
  const only = arg("--only");
  const { world, target } = loadFixtures();
  const mutants = MUTANTS.filter((m) => !only || m.id.includes(only));
  const variants = VARIANTS.filter((v) => !only || v.id.includes(only));
  const t0 = performance.now();
  const mres: MutantResult[] = await pool(mutants, 2, async (m) => {
    const r = await runMutant(world, target, m, process.argv.includes("--keep"));
    process.stderr.write(
      r.killed ? (r.attributed ? "." : "a") : r.outcome === "survived" ? "S" : "E",
    );
    return r;
  });
  // A defect that social-api.md alone shows to be wrong (a core statement) must be
  // caught at --level core too, the level for implementations that follow social-api.md only.
  const coreMutants = mutants.filter((m) => m.statement.startsWith("S-") && !m.profileOnly);
  const cres: MutantResult[] = await pool(coreMutants, 2, async (m) => {
    const r = await runMutant(world, target, m, process.argv.includes("--keep"), "core");
    process.stderr.write(
      r.killed ? (r.attributed ? "." : "a") : r.outcome === "survived" ? "S" : "E",
    );
    return r;
  });
  const tm = performance.now();
  const runs = variants.flatMap((v) =>
    [...v.levels, ...(v.named ? [v.named.level] : [])].map((level) => ({ v, level })),
  );
  const vres: VariantResult[] = await pool(runs, 2, async ({ v, level }) => {
    const r = await runVariant(world, target, v, level);
    process.stderr.write(variantPasses(r) ? "." : "F");
    return r;
  });
  process.stderr.write("\n");
  console.log(
    `\n${pad("mutant", 32)} ${pad("statement", 10)} ${pad("result", 9)} ${pad("named", 5)} case that caught it (citing the statement, when one does)`,
  );
  for (const r of mres) {
    const named = r.killed ? (r.attributed ? "yes" : "NO") : "";
    console.log(
      `${pad(r.mutant.id, 32)} ${pad(r.mutant.statement, 10)} ${pad(SHOWN[r.outcome], 9)} ${pad(named, 5)} ${r.by || `— ${r.mutant.what}`}`,
    );
    if (r.killed && !r.attributed)
      console.log(
        `    no failing case cites ${r.mutant.statement}; failed: ${r.failing.slice(0, 5).join(", ")}`,
      );
  }
  console.log(`\n${pad("variant", 30)} ${pad("level", 8)} result`);
  for (const r of vres) {
    const head = `${pad(r.variant.id, 30)} ${pad(r.level, 8)} `;
    const rules = r.named?.join(", ");
    const off = unnamedFailures(r);
    if (r.named && variantPasses(r))
      console.log(`${head}named ${rules} (${r.failures.length} cases)`);
    else if (r.named && r.failures.length === 0) console.log(`${head}NOT NAMED: no case fails`);
    else if (r.named) {
      console.log(
        `${head}NOT NAMED: ${off.length} of ${r.failures.length} failing cases cite another rule than ${rules}`,
      );
      for (const f of off.slice(0, 10))
        console.log(
          `    ${f.id} cites ${[...new Set(f.cited)].join(", ") || "nothing"}: ${f.message.split("\n")[0]}`,
        );
    } else if (r.failures.length === 0) console.log(`${head}pass (${r.passed} cases)`);
    else {
      console.log(`${head}FALSE POSITIVES: ${r.failures.length}`);
      for (const f of r.failures.slice(0, 10))
        console.log(`    ${f.id} (${f.statement}): ${f.message.split("\n")[0]}`);
    }
  }
  console.log(
    `\n${pad("mutant at --level core", 32)} ${pad("statement", 10)} ${pad("result", 9)} ${pad("named", 5)} case`,
  );
  for (const r of cres) {
    const named = r.killed ? (r.attributed ? "yes" : "NO") : "";
    console.log(
      `${pad(r.mutant.id, 32)} ${pad(r.mutant.statement, 10)} ${pad(SHOWN[r.outcome], 9)} ${pad(named, 5)} ${r.by || `— ${r.mutant.what}`}`,
    );
  }
  const coreAttributed = cres.filter((r) => r.killed && r.attributed).length;
  const killed = mres.filter((r) => r.killed).length;
  const attributed = mres.filter((r) => r.killed && r.attributed).length;
  const falsePositives = vres.filter((r) => !variantPasses(r)).length;
  const named = vres.filter((r) => r.named).length;
  const secs = (from: number, to = performance.now()): string => ((to - from) / 1000).toFixed(1);
  const bySmoke = mres.filter((r) => r.outcome === "killed-by-smoke").length;
  console.log(
    `\nmutants: ${killed}/${mres.length} killed (${bySmoke} by the smoke request), killed and attributed ${attributed}/${mres.length}, core-statement mutants killed and attributed at --level core ${coreAttributed}/${cres.length}, ${secs(t0, tm)} s; variants: ${vres.length - falsePositives}/${vres.length} passing (variant × level, ${named} of them naming the rule broken), ${secs(tm)} s; total ${secs(t0)} s`,
  );
  const json = arg("--json");
  if (json)
    writeFileSync(
      json,
      JSON.stringify(
        {
          mutants: mres,
          coreMutants: cres,
          variants: vres.map((v) => ({ ...v, variant: { ...v.variant, rewrite: undefined } })),
        },
        null,
        2,
      ),
    );
  if (mres.length + vres.length === 0) {
    console.error("nothing selected: a self-check that ran nothing is not green");
    return 4;
  }
  return attributed === mres.length && coreAttributed === cres.length && falsePositives === 0
    ? 0
    : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e);
    process.exitCode = 70;
  },
);
