/**
 * Loads the case files under `conformance/cases/`, validates each against case.schema.json and
 * checks what a schema cannot: ids unique and equal to the file's path, every cited statement
 * known. Problems come back as `case-invalid` issues naming the file (relative to `cases/`) and
 * the pointer into it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import type { CaseSpec, Statement } from "../case-types.js";
import { SUITE_DIR } from "./suite-location.js";

const validators = new Map<string, ValidateFunction>();

/** The compiled case schema of the suite in `dir`. */
export function caseValidator(dir = SUITE_DIR): ValidateFunction {
  let v = validators.get(dir);
  if (!v) {
    const ajv = new Ajv2020({ allErrors: false, strict: false });
    v = ajv.compile(JSON.parse(readFileSync(join(dir, "case.schema.json"), "utf8")));
    validators.set(dir, v);
  }
  return v;
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listJson(p));
    else if (e.name.endsWith(".json")) out.push(p);
  }
  return out.sort();
}

const STATEMENT_FIELDS = /"statement":\s*"([^"]*)"/g;

/** Loads and validates every case under `dir/cases`, against the known statements. */
export function loadCases(statements: readonly Statement[], dir = SUITE_DIR): Result<CaseSpec[]> {
  // A case cites clauses (issue 10); a statement id is still read, as all of its clauses.
  const known = new Set(statements.flatMap((s) => [s.id, ...s.clauses.map((c) => c.id)]));
  const validate = caseValidator(dir);
  const casesDir = join(dir, "cases");
  const cases: CaseSpec[] = [];
  const issues: Issue[] = [];
  const ids = new Map<string, string>();
  for (const file of listJson(casesDir)) {
    const rel = relative(casesDir, file).split(sep).join("/");
    const bad = (pointer: string, message: string) =>
      issues.push({ code: "case-invalid", pointer, message, file: rel });
    const text = readFileSync(file, "utf8");
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      bad("", `not JSON: ${(e as Error).message}`);
      continue;
    }
    if (!validate(data)) {
      const err = validate.errors?.[0];
      bad(err?.instancePath ?? "", err?.message ?? "invalid");
      continue;
    }
    const c = data as CaseSpec;
    if (`${c.id}.json` !== rel) bad("/id", `id ${c.id} does not match the file path`);
    const dup = ids.get(c.id);
    if (dup) bad("/id", `duplicate id ${c.id} (also in ${dup})`);
    ids.set(c.id, rel);
    const cited = [...c.statements, ...[...text.matchAll(STATEMENT_FIELDS)].map((m) => m[1] ?? "")];
    for (const s of cited) if (!known.has(s)) bad("", `cites unknown statement ${s}`);
    cases.push(c);
  }
  return issues.length ? fail(issues) : ok(cases);
}
