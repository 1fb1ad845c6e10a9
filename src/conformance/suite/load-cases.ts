/**
 * Loads the case files under `conformance/cases/`, validates each against case.schema.json,
 * expands its `use` steps from the step library (expand-steps.ts) and checks what a schema
 * cannot: ids unique and equal to the file's path, every cited statement known, every core case
 * naming the sentences of social-api.md that decide it (`decidedBy`). Problems are
 * `case-invalid` issues (`case-undecided` for a core case without `decidedBy`) naming the file
 * (relative to the suite folder) and the pointer.
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Options, ValidateFunction } from "ajv/dist/2020.js";
import { readJsonFileText } from "../../codecs/json/file-text.js";
import { jsonSyntaxMessage } from "../../codecs/json/syntax-error.js";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import { toIssues } from "../../schemas/issues.js";
import { ajvModule, precompiledOr } from "../../schemas/precompiled.js";
import type { CaseFile } from "../case-types.js";
import type { Statement } from "../statement-types.js";
import * as generated from "./case.generated.js";
import { type CaseSpec, expandSteps, loadStepLibrary } from "./expand-steps.js";
import { suiteDir } from "./suite-location.js";

/** ajv's options for case files and library step files. */
export const CASE_AJV_OPTIONS: Options = { allErrors: false, strict: false };

interface Validators {
  readonly caseFile: ValidateFunction;
  readonly step: () => ValidateFunction;
}

const validators = new Map<string, Validators>();

/** A schema file of the suite in `dir`, or "" when it has none. */
function schemaText(dir: string, file: string): string {
  const path = join(dir, file);
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

/**
 * The suite's case and step validators: compiled ahead of time (case.generated.ts) when its
 * case.schema.json and step.schema.json are the bundled ones, else by ajv (precompiled.ts).
 */
function suiteValidators(dir: string): Validators {
  let v = validators.get(dir);
  if (!v) {
    const texts = [schemaText(dir, "case.schema.json"), schemaText(dir, "step.schema.json")];
    v = precompiledOr<Validators>(
      generated,
      texts,
      () => ({
        caseFile: generated.caseFile as ValidateFunction,
        step: () => generated.step as ValidateFunction,
      }),
      () => {
        const ajv = new (ajvModule().Ajv2020)(CASE_AJV_OPTIONS);
        let step: ValidateFunction | undefined;
        return {
          caseFile: ajv.compile(JSON.parse(texts[0] ?? "")),
          step: () => {
            step ??= ajv.compile(JSON.parse(readFileSync(join(dir, "step.schema.json"), "utf8")));
            return step;
          },
        };
      },
    );
    validators.set(dir, v);
  }
  return v;
}

/** The compiled case schema of the suite in `dir`. */
export function caseValidator(dir = suiteDir()): ValidateFunction {
  return suiteValidators(dir).caseFile;
}

/** The compiled step.schema.json of the suite in `dir` (it refers to case.schema.json). */
export function stepValidator(dir = suiteDir()): ValidateFunction {
  return suiteValidators(dir).step();
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
export function loadCases(statements: readonly Statement[], dir = suiteDir()): Result<CaseSpec[]> {
  // A case cites clauses; a statement id is still read, as all of its clauses.
  const known = new Set(statements.flatMap((s) => [s.id, ...s.clauses.map((c) => c.id)]));
  const validate = caseValidator(dir);
  const lib = loadStepLibrary(dir, () => stepValidator(dir));
  const library = lib.ok ? lib.value : new Map();
  const casesDir = join(dir, "cases");
  const cases: CaseSpec[] = [];
  const issues: Issue[] = lib.ok ? [] : [...lib.issues];
  const ids = new Map<string, string>();
  for (const path of listJson(casesDir)) {
    const rel = relative(casesDir, path).split(sep).join("/");
    const file = `cases/${rel}`;
    const bad = (pointer: string, message: string): void => {
      issues.push({ code: "case-invalid", pointer, message, file });
    };
    let data: unknown;
    const source = readJsonFileText(path);
    try {
      data = JSON.parse(source);
    } catch {
      bad("", `not JSON: ${jsonSyntaxMessage(source)}`);
      continue;
    }
    if (!validate(data)) {
      const first = toIssues(validate.errors, data)[0];
      bad(first?.pointer ?? "", first?.message ?? "does not match case.schema.json");
      continue;
    }
    const raw = data as CaseFile;
    const steps = expandSteps(raw.steps, library, file);
    if (!steps.ok) {
      issues.push(...steps.issues);
      continue;
    }
    const c: CaseSpec = { ...raw, steps: steps.value };
    if (`${c.id}.json` !== rel) bad("/id", `id ${c.id} does not match the file path`);
    if (c.level === "core" && c.decidedBy === undefined)
      issues.push({
        code: "case-undecided",
        pointer: "/decidedBy",
        message:
          "a core case quotes the sentences of social-api.md that decide what it expects (decidedBy); a case decided by profile.md is level profile",
        file,
      });
    const dup = ids.get(c.id);
    if (dup) bad("/id", `duplicate id ${c.id} (also in ${dup})`);
    ids.set(c.id, file);
    const text = JSON.stringify(c);
    const cited = [...c.statements, ...[...text.matchAll(STATEMENT_FIELDS)].map((m) => m[1] ?? "")];
    for (const s of cited) if (!known.has(s)) bad("", `cites unknown statement ${s}`);
    cases.push(c);
  }
  return issues.length ? fail(issues) : ok(cases);
}
