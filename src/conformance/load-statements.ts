/**
 * Loads conformance/statements.json: every testable statement of social-api.md (level core)
 * and every decision of profile.md (level profile), each with a stable id.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Statement } from "./case-types.js";
import { SUITE_DIR } from "./suite-location.js";

/**
 * The suite format this runner reads. It changes when the meaning of a case member changes;
 * a runner refuses a suite of another format (as test262's harness does) instead of guessing.
 */
export const SUITE_FORMAT_VERSION = 1;

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
    else seen.add(s.id);
  });
  return problems.length ? { ok: false, problems } : { ok: true, statements: list as Statement[] };
}
