/**
 * The expectations file: known failures of one implementation, kept apart from the cases (as
 * web-platform-tests does). A listed case that fails is an expected failure; one that passes is
 * an unexpected pass; an entry naming no selected failing case is stale. Both fail the run, so
 * entries cannot pile up.
 *
 * Format: `{"expectedFailures": [{"id": "<case id>", "reason": "…"}]}`.
 */
import { readFileSync } from "node:fs";

/** One known failure. */
export interface ExpectationEntry {
  readonly id: string;
  readonly reason: string;
}

/** Reads an expectations file; problems are returned (exit code 2). */
export function loadExpectations(
  file: string,
): { ok: true; entries: ExpectationEntry[] } | { ok: false; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    return { ok: false, problems: [`${file}: ${(e as Error).message}`] };
  }
  const list = (data as { expectedFailures?: unknown }).expectedFailures;
  if (!Array.isArray(list))
    return { ok: false, problems: [`${file}: needs an expectedFailures array`] };
  const problems: string[] = [];
  const seen = new Set<string>();
  const entries: ExpectationEntry[] = [];
  for (const [i, e] of list.entries()) {
    const x = e as Partial<ExpectationEntry>;
    if (typeof x.id !== "string" || typeof x.reason !== "string")
      problems.push(`${file}: entry ${i} needs id and reason strings`);
    else if (seen.has(x.id)) problems.push(`${file}: ${x.id} listed twice`);
    else {
      seen.add(x.id);
      entries.push({ id: x.id, reason: x.reason });
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, entries };
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
