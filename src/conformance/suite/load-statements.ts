/**
 * Loads conformance/statements.json: every testable statement of social-api.md (level core)
 * and every decision of profile.md (level profile), each with a stable id.
 */
import { join } from "node:path";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import type { Clause, Statement } from "../statement-types.js";
import { readJsonFile } from "./json-file.js";
import { suiteDir } from "./suite-location.js";

/**
 * The suite format this runner reads. It changes when the meaning of a case member changes;
 * a runner refuses a suite of another format (as test262's harness does) instead of guessing.
 * 2: library steps (`use`, expanded at load time) and `auth` always an object.
 */
const SUITE_FORMAT_VERSION = 2;

/** A `statements-invalid` issue of statements.json at `pointer`. */
function bad(pointer: string, message: string): Issue {
  return { code: "statements-invalid", pointer, message, file: "statements.json" };
}

/** Problems of one statement's clauses: at least one, ids `<id>.1`, `<id>.2`, … in order, text quoted. */
function clauseProblems(id: string, clauses: unknown, at: string): Issue[] {
  if (!Array.isArray(clauses) || clauses.length === 0)
    return [bad(`${at}/clauses`, `${id}: clauses must be a non-empty array`)];
  const out: Issue[] = [];
  clauses.forEach((c: Partial<Clause>, i) => {
    const want = `${id}.${i + 1}`;
    const here = `${at}/clauses/${i}`;
    if (c?.id !== want) out.push(bad(here, `${id}: clause #${i} must have id ${want}`));
    if (typeof c?.text !== "string" || c.text.trim() === "")
      out.push(bad(here, `${want}: a clause quotes its text`));
    if (c?.untestable !== undefined && (typeof c.untestable !== "string" || c.untestable === ""))
      out.push(bad(here, `${want}: untestable gives its reason as text`));
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

/** Reads the statement catalogue; problems come back as `statements-invalid` issues. */
export function loadStatements(dir = suiteDir()): Result<Statement[]> {
  const read = readJsonFile(join(dir, "statements.json"), "statements-invalid", "statements.json");
  if (!read.ok) return read;
  const data = read.value;
  const version = (data as { formatVersion?: unknown } | null)?.formatVersion;
  if (version !== SUITE_FORMAT_VERSION)
    return fail([
      bad(
        "/formatVersion",
        `suite format ${String(version)} is not the format ${SUITE_FORMAT_VERSION} this runner reads`,
      ),
    ]);
  const list = (data as { statements?: unknown }).statements;
  if (!Array.isArray(list)) return fail([bad("/statements", "no statements array")]);
  const issues: Issue[] = [];
  const seen = new Set<string>();
  list.forEach((s: Partial<Statement>, i) => {
    const at = `/statements/${i}`;
    if (
      typeof s.id !== "string" ||
      typeof s.section !== "string" ||
      typeof s.statement !== "string"
    )
      issues.push(bad(at, `#${i}: id, section and statement must be strings`));
    else if (s.level !== "core" && s.level !== "profile")
      issues.push(bad(`${at}/level`, `${s.id}: level must be core or profile`));
    else if (seen.has(s.id)) issues.push(bad(`${at}/id`, `duplicate id ${s.id}`));
    else {
      seen.add(s.id);
      issues.push(...clauseProblems(s.id, s.clauses, at));
    }
  });
  return issues.length ? fail(issues) : ok(list as Statement[]);
}
