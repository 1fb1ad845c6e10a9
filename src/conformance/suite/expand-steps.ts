/**
 * The step library and `use`: a step written once under
 * `conformance/steps/<name>.json` (step.schema.json) and named from cases as
 * `{"use": "<name>", "with": {"<parameter>": "<value>"}}`. Expansion happens once, when the suite
 * loads: each `use` step becomes a copy of the library step with every `{with.<parameter>}` (in
 * strings and member names) replaced by the case's value or the parameter's default, and the
 * `use` step's `onlyIf`, if any, in place of the library step's, so the runner only ever sees
 * full steps. Problems are `case-invalid` issues with the file and the
 * pointer of the offending member.
 */

import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { readJsonFileText } from "../../codecs/json/file-text.js";
import { jsonSyntaxMessage } from "../../codecs/json/syntax-error.js";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import { childPointer } from "../../model/json-pointer.js";
import { toIssues } from "../../schemas/issues.js";
import type { CaseFile, CaseStep, LibraryStep, StepSpec, UseStep } from "../case-types.js";

/** A case as the runner sees it: the case file with every `use` step expanded. */
export type CaseSpec = Omit<CaseFile, "steps"> & { steps: StepSpec[] };

/** The library steps by name. */
type StepLibrary = ReadonlyMap<string, LibraryStep>;

const PARAMETER = /\{with\.([A-Za-z][A-Za-z0-9_]*)\}/g;

function caseInvalid(file: string, pointer: string, message: string): Issue {
  return { code: "case-invalid", pointer, message, file };
}

/** Every parameter the strings of a value (member names included) refer to, with where. */
function references(v: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (typeof v === "string") for (const m of v.matchAll(PARAMETER)) out.push([m[1] ?? "", at]);
  else if (Array.isArray(v))
    for (const [i, x] of v.entries()) references(x, childPointer(at, i), out);
  else if (v !== null && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      references(k, childPointer(at, k), out);
      references(x, childPointer(at, k), out);
    }
  return out;
}

/** A copy of a value with `{with.<parameter>}` filled in every string and member name. */
function fill(v: unknown, values: Readonly<Record<string, string>>): unknown {
  const text = (s: string): string => s.replace(PARAMETER, (_m, p: string) => values[p] ?? "");
  if (typeof v === "string") return text(v);
  if (Array.isArray(v)) return v.map((x) => fill(x, values));
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), fill(x, values)]));
  return v;
}

/**
 * Reads every `steps/*.json` of the suite in `dir`, each checked by `validator()` (the compiled
 * step.schema.json), named as its file, and using only the parameters it declares. A suite
 * without a `steps/` folder has an empty library.
 */
export function loadStepLibrary(
  dir: string,
  validator: () => ValidateFunction,
): Result<StepLibrary> {
  const stepsDir = join(dir, "steps");
  const library = new Map<string, LibraryStep>();
  if (!existsSync(stepsDir)) return ok(library);
  const validate = validator();
  const issues: Issue[] = [];
  const names = readdirSync(stepsDir).filter((n) => n.endsWith(".json"));
  for (const name of names.sort()) {
    const file = `steps/${name}`;
    let data: unknown;
    const text = readJsonFileText(join(stepsDir, name));
    try {
      data = JSON.parse(text);
    } catch {
      issues.push(caseInvalid(file, "", `not JSON: ${jsonSyntaxMessage(text)}`));
      continue;
    }
    if (!validate(data)) {
      const first = toIssues(validate.errors, data)[0];
      issues.push(caseInvalid(file, first?.pointer ?? "", first?.message ?? "invalid"));
      continue;
    }
    const step = data as LibraryStep;
    if (`${step.name}.json` !== name)
      issues.push(caseInvalid(file, "/name", `name ${step.name} does not match the file name`));
    for (const [p, at] of references(step.step, "/step"))
      if (!Object.hasOwn(step.parameters ?? {}, p))
        issues.push(caseInvalid(file, at, `{with.${p}} names no parameter of ${step.name}`));
    library.set(step.name, step);
  }
  return issues.length ? fail(issues) : ok(library);
}

/** One `use` step as the library step it names, or its issues. */
function expandUse(use: UseStep, library: StepLibrary, file: string, at: string): Result<StepSpec> {
  const step = library.get(use.use);
  if (!step)
    return fail([
      caseInvalid(
        file,
        `${at}/use`,
        `no library step ${use.use} (conformance/steps/${use.use}.json)`,
      ),
    ]);
  const declared = step.parameters ?? {};
  const issues: Issue[] = [];
  for (const p of Object.keys(use.with ?? {}))
    if (!Object.hasOwn(declared, p))
      issues.push(
        caseInvalid(file, childPointer(`${at}/with`, p), `${use.use} has no parameter ${p}`),
      );
  const values: Record<string, string> = {};
  for (const [p, spec] of Object.entries(declared)) {
    const value = use.with?.[p] ?? spec.default;
    if (value === undefined)
      issues.push(caseInvalid(file, `${at}/with`, `${use.use} needs a value for ${p}`));
    else values[p] = value;
  }
  if (issues.length) return fail(issues);
  const filled = fill(step.step, values) as StepSpec;
  return ok(use.onlyIf === undefined ? filled : { ...filled, onlyIf: use.onlyIf });
}

/** A case's steps with each `use` step expanded; `file` names the case file in issues. */
export function expandSteps(
  steps: readonly CaseStep[],
  library: StepLibrary,
  file: string,
): Result<StepSpec[]> {
  const out: StepSpec[] = [];
  const issues: Issue[] = [];
  for (const [i, s] of steps.entries()) {
    if (!("use" in s)) {
      out.push(s);
      continue;
    }
    const r = expandUse(s, library, file, `/steps/${i}`);
    if (r.ok) out.push(r.value);
    else issues.push(...r.issues);
  }
  return issues.length ? fail(issues) : ok(out);
}
