/**
 * The bundled JSON Schemas from `schemas/`, validated in both modes. The validators are the
 * ones compiled ahead of time (kinds-strict.generated.ts, kinds-lenient.generated.ts), or, when
 * the schema files read otherwise than they were compiled from, compiled by ajv in strict mode
 * at first use (precompiled.ts); a schema that does not compile is a bug (`OSK_SCHEMA_COMPILE`).
 * Where the files cannot be read at all (the library bundled into another program), the
 * generated validators serve: they are what the package shipped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Options, ValidateFunction } from "ajv/dist/2020.js";
import { KitError } from "../model/kit-error.js";
import { packagePath } from "../model/package-root.js";
import { ALL_SCHEMA_FILES, type Kind, type Mode, SCHEMA_FILES } from "./kinds.js";
import * as lenientValidators from "./kinds-lenient.generated.js";
import * as strictValidators from "./kinds-strict.generated.js";
import { makeLenient } from "./lenient.js";
import { lenientKeyword } from "./lenient-keyword.js";
import { ajvModule, precompiledOr, validatorName } from "./precompiled.js";

/** Folder of the bundled schema files (the package's `schemas/`). */
export function schemaDir(): string {
  return packagePath("schemas");
}

/** Base of every bundled schema's `$id`. */
export const SCHEMA_BASE = "https://opensocial-kit.example/schemas/";

/** ajv's options for the bundled schemas (strict: a keyword ajv would have to guess at is a bug). */
export const SCHEMA_AJV_OPTIONS: Options = {
  strict: true,
  allErrors: true,
  unicodeRegExp: true,
  allowUnionTypes: true,
};

/** The schema files that kinds name, each validated on its own. */
export const KIND_SCHEMA_FILES = [...new Set(Object.values(SCHEMA_FILES))];

/** The text of one bundled schema file. */
function readSchemaText(file: string): string {
  return readFileSync(join(schemaDir(), file), "utf8");
}

/** Reads one bundled schema file as JSON. */
export function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readSchemaText(file)) as Record<string, unknown>;
}

/** Every bundled schema as ajv takes it in `mode` (lenient: integer and boolean types made lenient). */
export function modeSchemas(mode: Mode, texts: readonly string[]): Record<string, unknown>[] {
  return texts.map((text) => {
    const schema: unknown = JSON.parse(text);
    return (mode === "lenient" ? makeLenient(schema) : schema) as Record<string, unknown>;
  });
}

/** Compiles the kinds' schemas of `mode` with ajv. */
function compileWithAjv(mode: Mode, texts: readonly string[]): Map<string, ValidateFunction> {
  const ajv = new (ajvModule().Ajv2020)(SCHEMA_AJV_OPTIONS);
  if (mode === "lenient") ajv.addKeyword(lenientKeyword);
  for (const schema of modeSchemas(mode, texts)) ajv.addSchema(schema);
  const out = new Map<string, ValidateFunction>();
  for (const file of KIND_SCHEMA_FILES) {
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

/**
 * The texts of every bundled schema file, or undefined when they cannot be read: the library
 * bundled into another program (esbuild, webpack), where the package's files are not beside the
 * code. The generated validators are then the schemas the package shipped.
 */
function schemaTexts(): string[] | undefined {
  try {
    return ALL_SCHEMA_FILES.map(readSchemaText);
  } catch {
    return undefined;
  }
}

function compileAll(mode: Mode): Map<string, ValidateFunction> {
  const texts = schemaTexts();
  const generated: Record<string, unknown> & { SOURCE_HASH: string } =
    mode === "strict" ? strictValidators : lenientValidators;
  const shipped = () =>
    new Map(
      KIND_SCHEMA_FILES.map((file) => [file, generated[validatorName(file)] as ValidateFunction]),
    );
  if (texts === undefined) return shipped();
  return precompiledOr(generated, texts, shipped, () => compileWithAjv(mode, texts));
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
