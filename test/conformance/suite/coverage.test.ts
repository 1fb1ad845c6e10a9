/** Clause coverage and the clause rules of the statement loader. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clauseCoverage, loadStatements } from "../../../src/conformance/index.js";
import { issueText } from "../../../src/conformance/reporters/issue-text.js";
import type { Statement } from "../../../src/conformance/statement-types.js";

const statements: Statement[] = [
  {
    id: "P-X-1",
    section: "P-X-1",
    statement: "Two rules.",
    level: "profile",
    clauses: [
      { id: "P-X-1.1", text: "First rule." },
      { id: "P-X-1.2", text: "Second rule." },
      { id: "P-X-1.3", text: "A rationale.", untestable: "a rationale, no rule for servers" },
    ],
  },
  {
    id: "S-Y",
    section: "§1",
    statement: "One rule.",
    level: "core",
    clauses: [{ id: "S-Y.1", text: "One rule." }],
  },
];

describe("clause coverage", () => {
  it("counts a clause covered only when a case cites it; untestable clauses are not counted", () => {
    const cov = clauseCoverage(statements, [{ id: "a", statements: ["P-X-1.1"] }]);
    expect(cov).toMatchObject({ testable: 3, covered: 1, uncovered: ["P-X-1.2", "S-Y.1"] });
  });

  it("reads a statement id as its clause when the statement has only one", () => {
    const cov = clauseCoverage(statements, [
      { id: "a", statements: ["P-X-1.1", "P-X-1.2"] },
      { id: "b", statements: ["S-Y", "P-X-1"] },
    ]);
    expect(cov.uncovered).toEqual([]);
    expect(cov.clauses.find((c) => c.id === "S-Y.1")?.cases).toEqual(["b"]);
    // A bare id of a statement with several clauses covers none of them.
    expect(clauseCoverage(statements, [{ id: "b", statements: ["P-X-1"] }]).covered).toBe(0);
  });
});

describe("statement loader: clauses", () => {
  const load = (list: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), "osk-statements-"));
    try {
      writeFileSync(
        join(dir, "statements.json"),
        JSON.stringify({ formatVersion: 2, statements: list }),
      );
      return loadStatements(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const base = { id: "P-X-1", section: "P-X-1", statement: "s", level: "profile" };

  it("loads clauses numbered in order", () => {
    expect(load([{ ...base, clauses: [{ id: "P-X-1.1", text: "t" }] }]).ok).toBe(true);
  });

  it.each([
    ["no clauses", {}, /clauses must be a non-empty array/],
    ["a clause out of order", { clauses: [{ id: "P-X-1.2", text: "t" }] }, /must have id P-X-1\.1/],
    ["a clause without text", { clauses: [{ id: "P-X-1.1", text: " " }] }, /quotes its text/],
    [
      "an untestable clause without a reason",
      { clauses: [{ id: "P-X-1.1", text: "t", untestable: "" }] },
      /gives its reason/,
    ],
  ])("refuses %s", (_name, extra, message) => {
    const r = load([{ ...base, ...extra }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(issueText(r.issues)).toMatch(message);
  });
});
