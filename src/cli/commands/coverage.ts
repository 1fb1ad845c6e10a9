/**
 * `opensocial-kit coverage`: every statement of conformance/statements.json with the cases that
 * cite it. Exits 1 when a statement has no case, 2 when the suite does not load.
 */
import type { Argv } from "yargs";
import { loadCases, loadStatements } from "../../conformance/index.js";
import type { CommandRegistration } from "../commands.js";
import type { TextSink } from "./run.js";

/** Prints the coverage table; resolves to the exit code. */
export function coverageCommand(
  opts: { json: boolean },
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): number {
  const st = loadStatements();
  if (!st.ok) {
    err.write(`${st.problems.join("\n")}\n`);
    return 2;
  }
  const suite = loadCases(st.statements);
  if (suite.problems.length) {
    err.write(`${suite.problems.map((p) => `${p.file}: ${p.message}`).join("\n")}\n`);
    return 2;
  }
  const rows = st.statements.map((s) => ({
    id: s.id,
    level: s.level,
    section: s.section,
    cases: suite.cases.filter((c) => c.statements.includes(s.id)).map((c) => c.id),
  }));
  const uncovered = rows.filter((r) => r.cases.length === 0);
  if (opts.json)
    out.write(
      `${JSON.stringify({ statements: rows, uncovered: uncovered.map((r) => r.id) }, null, 2)}\n`,
    );
  else {
    for (const r of rows)
      out.write(
        `${r.cases.length ? "✓" : "✗"} ${r.id} (${r.level}) ${r.cases.length} case(s)${r.cases.length ? `: ${r.cases.join(", ")}` : ""}\n`,
      );
    out.write(
      `${rows.length} statements, ${suite.cases.length} cases, ${uncovered.length} uncovered${uncovered.length ? `: ${uncovered.map((r) => r.id).join(", ")}` : ""}\n`,
    );
  }
  return uncovered.length ? 1 : 0;
}

/** Registers `coverage`. */
export const registerCoverage: CommandRegistration = (cli: Argv, setExit) => {
  cli.command(
    "coverage",
    "List each conformance statement with the cases that cover it",
    (y) => y.option("json", { type: "boolean", default: false, describe: "Print JSON" }),
    (argv) => {
      setExit(coverageCommand({ json: argv.json }));
    },
  );
};
