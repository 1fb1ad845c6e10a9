/**
 * `npm run bench:cli`: how long `opensocial-kit` takes to answer `--version`, `--help` and the
 * usage errors of a missing and a mistyped command, against `node -e 0` measured in the same
 * run (start-time.ts), and a command's own `--help` and usage error (they load the command's
 * options, cli/options/, and yargs-parser, not its action), all held to the same goal.
 * `BENCH_ROUNDS=N` changes the 11 rounds. Uses the built CLI (dist/ is rebuilt first when older
 * than src/).
 */
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ensureFreshBuild } from "../server/fresh-build.js";
import { goalLine } from "../summary.js";
import { measureStart, type StartCase } from "./start-time.js";

/** What a start must stay within: this many times `node -e 0`. */
const GOAL_RATIO = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);

const GOALS: readonly StartCase[] = [
  { name: "opensocial-kit --version", args: ["--version"] },
  { name: "opensocial-kit --help", args: ["--help"] },
  { name: "opensocial-kit (no command)", args: [] },
  { name: "opensocial-kit rnu (mistyped command)", args: ["rnu"] },
  { name: "opensocial-kit run --help", args: ["run", "--help"] },
  {
    name: "opensocial-kit run --level bogus (a command's usage error)",
    args: ["run", "--level", "bogus"],
  },
];

const ROOT = join(import.meta.dirname, "../..");
ensureFreshBuild(ROOT);
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT })
  .toString()
  .trim();
process.stdout.write(
  `cli bench: ${ROUNDS} rounds, whole processes in turn with node -e 0, node ${process.version}, commit ${commit}, load average ${load}\n\n`,
);
const figures = measureStart(GOALS, ROUNDS);
const baseCpu = figures[0]?.cpuMs;
process.stdout.write(
  "| command | wall ms (median) | wall ratio to node -e 0 (median of rounds) | CPU ms (mean) | CPU ratio |\n",
);
process.stdout.write("|---|---|---|---|---|\n");
for (const f of figures) {
  const cpuRatio = f.cpuMs !== undefined && baseCpu ? `${(f.cpuMs / baseCpu).toFixed(2)}×` : "—";
  process.stdout.write(
    `| ${f.name} | ${f.ms.toFixed(0)} | ${f.ratio.toFixed(2)}× | ${f.cpuMs?.toFixed(0) ?? "—"} | ${cpuRatio} |\n`,
  );
}
process.stdout.write("\n");
for (const f of figures.filter((f) => GOALS.some((g) => g.name === f.name)))
  process.stdout.write(
    goalLine(
      `${f.name} ≤ ${GOAL_RATIO}× node -e 0`,
      `${f.ratio.toFixed(2)}×`,
      f.ratio <= GOAL_RATIO,
    ),
  );
