/**
 * Clause coverage (test262's "one behaviour a file"): for every clause of every
 * statement, the cases that cite it. A case covers a clause by citing its id; a case citing a
 * statement id covers that statement's clause only when the statement has exactly one. A
 * testable clause without a case is a hole; an untestable one says why.
 */
import type { Level } from "../case-types.js";
import type { Statement } from "../statement-types.js";
import type { CaseSpec } from "./expand-steps.js";

/** One clause and the cases that cite it. */
export interface ClauseCoverage {
  id: string;
  statement: string;
  level: Level;
  text: string;
  untestable?: string;
  cases: string[];
}

/** The whole suite's clause coverage. */
export interface Coverage {
  clauses: ClauseCoverage[];
  /** Testable clauses, and how many of them have a case. */
  testable: number;
  covered: number;
  /** Ids of testable clauses without a case. */
  uncovered: string[];
}

/** Computes clause coverage of `cases` over `statements`. */
export function clauseCoverage(
  statements: readonly Statement[],
  cases: readonly Pick<CaseSpec, "id" | "statements">[],
): Coverage {
  const citing = new Map<string, string[]>();
  const cite = (id: string, caseId: string) => {
    const list = citing.get(id) ?? [];
    if (!list.includes(caseId)) list.push(caseId);
    citing.set(id, list);
  };
  const single = new Map(
    statements.filter((s) => s.clauses.length === 1).map((s) => [s.id, s.clauses[0]?.id ?? ""]),
  );
  for (const c of cases) for (const id of c.statements) cite(single.get(id) ?? id, c.id);
  const clauses: ClauseCoverage[] = statements.flatMap((s) =>
    s.clauses.map((cl) => ({
      id: cl.id,
      statement: s.id,
      level: s.level,
      text: cl.text,
      ...(cl.untestable === undefined ? {} : { untestable: cl.untestable }),
      cases: citing.get(cl.id) ?? [],
    })),
  );
  const testable = clauses.filter((c) => c.untestable === undefined);
  const uncovered = testable.filter((c) => c.cases.length === 0).map((c) => c.id);
  return {
    clauses,
    testable: testable.length,
    covered: testable.length - uncovered.length,
    uncovered,
  };
}
