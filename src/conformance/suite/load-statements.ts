/**
 * Loads conformance/statements.json: every testable statement of social-api.md (level core)
 * and every decision of profile.md (level profile), each with a stable id.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Clause, Statement } from "../case-types.js";
import { SUITE_DIR } from "./suite-location.js";

/**
 * The suite format this runner reads. It changes when the meaning of a case member changes;
 * a runner refuses a suite of another format (as test262's harness does) instead of guessing.
 */
export const SUITE_FORMAT_VERSION = 1;

/** Problems of one statement's clauses: at least one, ids `<id>.1`, `<id>.2`, … in order, text quoted. */
function clauseProblems(id: string, clauses: unknown): string[] {
  if (!Array.isArray(clauses) || clauses.length === 0)
    return [`statements.json ${id}: clauses must be a non-empty array`];
  const out: string[] = [];
  clauses.forEach((c: Partial<Clause>, i) => {
    const want = `${id}.${i + 1}`;
    if (c?.id !== want) out.push(`statements.json ${id}: clause #${i} must have id ${want}`);
    if (typeof c?.text !== "string" || c.text.trim() === "")
      out.push(`statements.json ${want}: a clause quotes its text`);
    if (c?.untestable !== undefined && (typeof c.untestable !== "string" || c.untestable === ""))
      out.push(`statements.json ${want}: untestable gives its reason as text`);
  });
  return out;
}

/** Every citable id (statements and their clauses) with its text, for reports. */
export function statementTexts(statements: readonly Statement[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of statements) {
    out.set(s.id, s.statement);
    for (const c of s.clauses) out.set(c.id, c.text);
  }
  return out;
}

/** Reads the statement catalogue; problems are returned, never thrown. */
export function loadStatements(
  dir = SUITE_DIR,
): { ok: true; statements: Statement[] } | { ok: false; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(join(dir, "statements.json"), "utf8"));
  } catch (e) {
    return { ok: false, problems: [`statements.json: ${(e as Error).message}`] };
  }
  const version = (data as { formatVersion?: unknown }).formatVersion;
  if (version !== SUITE_FORMAT_VERSION)
    return {
      ok: false,
      problems: [
        `statements.json: suite format ${String(version)} is not the format ${SUITE_FORMAT_VERSION} this runner reads`,
      ],
    };
  const list = (data as { statements?: unknown }).statements;
  if (!Array.isArray(list))
    return { ok: false, problems: ["statements.json: no statements array"] };
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((s: Partial<Statement>, i) => {
    if (
      typeof s.id !== "string" ||
      typeof s.section !== "string" ||
      typeof s.statement !== "string"
    )
      problems.push(`statements.json #${i}: id, section and statement must be strings`);
    else if (s.level !== "core" && s.level !== "profile")
      problems.push(`statements.json ${s.id}: level must be core or profile`);
    else if (seen.has(s.id)) problems.push(`statements.json: duplicate id ${s.id}`);
    else {
      seen.add(s.id);
      problems.push(...clauseProblems(s.id, s.clauses));
    }
  });
  return problems.length ? { ok: false, problems } : { ok: true, statements: list as Statement[] };
}
