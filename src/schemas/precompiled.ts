/**
 * Validators compiled ahead of time, and their fallback. scripts/compile-validators.ts compiles
 * each set of JSON Schemas the kit validates with (the kinds in both modes, world files, case
 * files, client styles, expectations) into a `*.generated.ts` module of plain functions, so
 * that no start pays for ajv's compilation (a third of a second for all of them). Each module
 * carries the hash of the schema texts it was compiled from: a caller whose files read
 * otherwise (edited since, or another suite folder's) compiles them with ajv at first use
 * instead, as it did before, so a stale module is slower, never wrong (and
 * test/scripts/compile-validators.test.ts fails until it is regenerated).
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Options, ValidateFunction } from "ajv/dist/2020.js";

/** A generated module: the hash of its sources and one validate function per export. */
type GeneratedValidators = { readonly SOURCE_HASH: string };

/** The hash a generated module records of the schema texts it was compiled from, in order. */
export function sourceHash(texts: readonly string[]): string {
  const h = createHash("sha256");
  for (const t of texts) h.update(t).update("\u0000");
  return h.digest("hex").slice(0, 32);
}

/** The generated validators when `texts` are what they were compiled from, else `compile()`. */
export function precompiledOr<T>(
  generated: GeneratedValidators,
  texts: readonly string[],
  pick: () => T,
  compile: () => T,
): T {
  return generated.SOURCE_HASH === sourceHash(texts) ? pick() : compile();
}

/** The validator of one schema's `text`: the generated module's `name`, or compiled by ajv now. */
export function schemaValidator(
  generated: GeneratedValidators,
  name: string,
  text: string,
  options: Options,
): ValidateFunction {
  return precompiledOr(
    generated,
    [text],
    () => (generated as unknown as Record<string, ValidateFunction>)[name] as ValidateFunction,
    () => new (ajvModule().Ajv2020)(options).compile(JSON.parse(text)),
  );
}

/** The name a schema file's validator is exported by: `album-list.schema.json` → `albumList`. */
export function validatorName(file: string): string {
  return file.replace(/\.schema\.json$/, "").replace(/-(.)/g, (_, c: string) => c.toUpperCase());
}

/** ajv (its JSON Schema 2020-12 build), loaded only when a schema must be compiled at run time. */
export function ajvModule(): typeof import("ajv/dist/2020.js") {
  return createRequire(import.meta.url)("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
}
