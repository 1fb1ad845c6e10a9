/**
 * Loads the bundled JSON Schemas from `schemas/` and compiles each in both modes with ajv in
 * strict mode. Compilation happens once, on first use; a schema that does not compile is a bug
 * (`OSK_SCHEMA_COMPILE`).
 */
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { KitError } from "../model/kit-error.js";
import { ALL_SCHEMA_FILES, type Kind, type Mode, SCHEMA_FILES } from "./kinds.js";
import { lenientKeyword, makeLenient } from "./lenient.js";

/** Folder of the bundled schema files (the package's `schemas/`). */
export const SCHEMA_DIR = new URL("../../schemas/", import.meta.url);

/** Base of every bundled schema's `$id`. */
const SCHEMA_BASE = "https://opensocial-kit.example/schemas/";

/** Reads one bundled schema file as JSON. */
export function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(file, SCHEMA_DIR), "utf8")) as Record<string, unknown>;
}

function compileAll(mode: Mode): Map<string, ValidateFunction> {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    unicodeRegExp: true,
    allowUnionTypes: true,
  });
  if (mode === "lenient") ajv.addKeyword(lenientKeyword);
  for (const file of ALL_SCHEMA_FILES) {
    const schema = readSchema(file);
    ajv.addSchema((mode === "lenient" ? makeLenient(schema) : schema) as Record<string, unknown>);
  }
  const out = new Map<string, ValidateFunction>();
  for (const file of new Set(Object.values(SCHEMA_FILES))) {
    try {
      const fn = ajv.getSchema(SCHEMA_BASE + file);
      if (!fn) throw new Error("not registered");
      out.set(file, fn);
    } catch (e) {
      throw new KitError("OSK_SCHEMA_COMPILE", `${file} (${mode}): ${(e as Error).message}`);
    }
  }
  return out;
}

const compiled: Partial<Record<Mode, Map<string, ValidateFunction>>> = {};

/** The compiled validator of `kind` in `mode`. Lenient validators normalise data in place. */
export function validatorFor(kind: Kind, mode: Mode): ValidateFunction {
  let table = compiled[mode];
  if (!table) {
    table = compileAll(mode);
    compiled[mode] = table;
  }
  const fn = table.get(SCHEMA_FILES[kind]);
  if (!fn) throw new KitError("OSK_UNKNOWN_KIND", kind);
  return fn;
}

/** Compiles every schema in both modes now (servers call this at start-up). */
export function compileSchemas(): void {
  for (const mode of ["lenient", "strict"] as const) validatorFor("error", mode);
}
