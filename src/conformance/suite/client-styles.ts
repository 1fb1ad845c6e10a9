/**
 * The deployed client styles (conformance/clients.json, validated by clients.schema.json): each
 * style a client library's way of signing and shaping requests, with the cases that replay it.
 * The run judges each style from its cases (run/client-verdicts.ts), so every reporter can say
 * "your server would break the osapi PHP client". Problems are `case-invalid` issues naming the
 * file: a style naming a case the suite does not have is as wrong as a case citing an unknown
 * statement.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Options, ValidateFunction } from "ajv/dist/2020.js";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import { toIssues } from "../../schemas/issues.js";
import { schemaValidator } from "../../schemas/precompiled.js";
import * as generated from "./clients.generated.js";
import { readJsonFile } from "./json-file.js";
import { suiteDir } from "./suite-location.js";

/** One deployed client style. */
export interface ClientStyle {
  readonly id: string;
  /** What a reader calls the client. */
  readonly name: string;
  /** How it signs and shapes its requests. */
  readonly traits: string;
  /** The cases that replay its traits, the ones a broken client notices first listed first. */
  readonly cases: readonly string[];
}

/** The file, relative to the suite folder. */
const CLIENTS_FILE = "clients.json";

/** ajv's options for the client styles file. */
export const CLIENTS_AJV_OPTIONS: Options = { allErrors: true, strict: false };

const validators = new Map<string, ValidateFunction>();

/** clients.schema.json of `dir`: compiled ahead of time when it is the bundled one (precompiled.ts). */
function validator(dir: string): ValidateFunction {
  let v = validators.get(dir);
  if (!v) {
    const text = readFileSync(join(dir, "clients.schema.json"), "utf8");
    v = schemaValidator(generated, "clients", text, CLIENTS_AJV_OPTIONS);
    validators.set(dir, v);
  }
  return v;
}

/**
 * Reads the styles of the suite in `dir`, each case id checked against `caseIds`; a suite
 * without the file (one of your own) has none.
 */
export function loadClientStyles(
  caseIds: ReadonlySet<string>,
  dir = suiteDir(),
): Result<ClientStyle[]> {
  if (!existsSync(join(dir, CLIENTS_FILE))) return ok([]);
  const read = readJsonFile(join(dir, CLIENTS_FILE), "case-invalid", CLIENTS_FILE);
  if (!read.ok) return read;
  const validate = validator(dir);
  const bad = (pointer: string, message: string): Issue => ({
    code: "case-invalid",
    pointer,
    message,
    file: CLIENTS_FILE,
  });
  if (!validate(read.value))
    return fail(toIssues(validate.errors, read.value).map((i) => bad(i.pointer, i.message)));
  const styles = (read.value as { styles: ClientStyle[] }).styles;
  const issues: Issue[] = [];
  const ids = new Set<string>();
  styles.forEach((s, i) => {
    if (ids.has(s.id)) issues.push(bad(`/styles/${i}/id`, `style ${s.id} listed twice`));
    ids.add(s.id);
    s.cases.forEach((c, j) => {
      if (!caseIds.has(c)) issues.push(bad(`/styles/${i}/cases/${j}`, `no case has the id ${c}`));
    });
  });
  return issues.length ? fail(issues) : ok(styles);
}
