/**
 * The expectations file: known failures of one implementation, kept apart from the cases (as
 * web-platform-tests does). A listed case that fails is an expected failure; one that passes is
 * an unexpected pass; an entry naming no selected failing case is stale. Both fail the run, so
 * entries cannot pile up.
 *
 * Format: `{"expectedFailures": [{"id": "<case id>", "reason": "…"}]}`, published as
 * conformance/expectations.schema.json and checked against it; ids listed twice are refused too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Options, ValidateFunction } from "ajv/dist/2020.js";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import { toIssues } from "../../schemas/issues.js";
import { schemaValidator } from "../../schemas/precompiled.js";
import * as generated from "./expectations.generated.js";
import { readJsonFile } from "./json-file.js";
import { suiteDir } from "./suite-location.js";

/** One known failure. */
export interface ExpectationEntry {
  readonly id: string;
  readonly reason: string;
}

/** ajv's options for expectations files. */
export const EXPECTATIONS_AJV_OPTIONS: Options = { allErrors: true, strict: false };

let validator: ValidateFunction | undefined;

/** expectations.schema.json, compiled ahead of time unless edited since (precompiled.ts). */
function expectationsValidator(): ValidateFunction {
  if (!validator) {
    const text = readFileSync(join(suiteDir(), "expectations.schema.json"), "utf8");
    validator = schemaValidator(generated, "expectations", text, EXPECTATIONS_AJV_OPTIONS);
  }
  return validator;
}

const byPointer = (a: Issue, b: Issue): number =>
  a.pointer.localeCompare(b.pointer, "en", { numeric: true });

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
  const validate = expectationsValidator();
  const issues: Issue[] = validate(data)
    ? []
    : toIssues(validate.errors, data).map((i) => bad(i.pointer, i.message));
  const list = (data as { expectedFailures?: unknown } | null)?.expectedFailures;
  const seen = new Set<string>();
  const entries: ExpectationEntry[] = [];
  for (const [i, e] of (Array.isArray(list) ? list : []).entries()) {
    const x = e as Partial<ExpectationEntry> | null;
    if (typeof x?.id !== "string" || typeof x.reason !== "string") continue;
    if (seen.has(x.id)) issues.push(bad(`/expectedFailures/${i}/id`, `${x.id} listed twice`));
    seen.add(x.id);
    entries.push({ id: x.id, reason: x.reason });
  }
  return issues.length ? fail(issues.sort(byPointer)) : ok(entries);
}

/**
 * The ready-made entry for a new failure: its id and a reason made of the statement it breaks and
 * the failure's message on one line, at most 200 characters (valid against expectations.schema.json).
 */
export function expectationFor(
  id: string,
  statement: string | undefined,
  message: string | undefined,
): ExpectationEntry {
  const reason = `${statement ?? ""}: ${message ?? "fails"}`.replace(/\s+/g, " ").slice(0, 200);
  return { id, reason };
}

/** The ready-made entry to paste into an expectations file for a new failure, as JSON text. */
export function expectationEntry(
  id: string,
  statement: string | undefined,
  message: string | undefined,
): string {
  return JSON.stringify(expectationFor(id, statement, message));
}
