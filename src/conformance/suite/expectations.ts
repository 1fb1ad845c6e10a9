/**
 * The expectations file: known failures of one implementation, kept apart from the cases (as
 * web-platform-tests does). A listed case that fails is an expected failure; one that passes is
 * an unexpected pass; an entry naming no selected failing case is stale. Both fail the run, so
 * entries cannot pile up.
 *
 * Format: `{"expectedFailures": [{"id": "<case id>", "reason": "…"}]}`.
 */
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import { readJsonFile } from "./json-file.js";

/** One known failure. */
export interface ExpectationEntry {
  readonly id: string;
  readonly reason: string;
}

/** Reads an expectations file; problems come back as `expectations-invalid` issues (exit 2). */
export function loadExpectations(file: string): Result<ExpectationEntry[]> {
  const bad = (pointer: string, message: string): Issue => ({
    code: "expectations-invalid",
    pointer,
    message,
    file,
  });
  const read = readJsonFile(file, "expectations-invalid");
  if (!read.ok) return read;
  const data = read.value;
  const list = (data as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (!Array.isArray(list)) return fail([bad("", "needs an expectedFailures array")]);
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const entries: ExpectationEntry[] = [];
  for (const [i, e] of list.entries()) {
    const x = e as Partial<ExpectationEntry>;
    const at = `/expectedFailures/${i}`;
    if (typeof x.id !== "string" || typeof x.reason !== "string")
      issues.push(bad(at, `entry ${i} needs id and reason strings`));
    else if (seen.has(x.id)) issues.push(bad(at, `${x.id} listed twice`));
    else {
      seen.add(x.id);
      entries.push({ id: x.id, reason: x.reason });
    }
  }
  return issues.length ? fail(issues) : ok(entries);
}

/** The ready-made entry to paste into an expectations file for a new failure. */
export function expectationEntry(
  id: string,
  statement: string | undefined,
  message: string | undefined,
): string {
  const reason = `${statement ?? ""}: ${message ?? "fails"}`.replace(/\s+/g, " ").slice(0, 200);
  return JSON.stringify({ id, reason });
}
