/**
 * `loadWorld(pathOrObject)`: reads a world file, validates it against schemas/world.schema.json,
 * checks its references and returns the indexed {@link World}, or the issues with the JSON
 * Pointer of each fault.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { readJsonFileText } from "../../codecs/json/file-text.js";
import { parseJsonText } from "../../codecs/json/limits.js";
import { fileReadFailure } from "../../model/file-read-failure.js";
import { fail, ok, type Result } from "../../model/issue.js";
import { KitError } from "../../model/kit-error.js";
import { packagePath } from "../../model/package-root.js";
import { excerpt } from "../../model/quote.js";
import { toIssues } from "../../schemas/issues.js";
import { schemaValidator } from "../../schemas/precompiled.js";
import { SCHEMA_AJV_OPTIONS, schemaDir } from "../../schemas/registry.js";
import * as generated from "../../schemas/world.generated.js";
import { checkReferences } from "../../schemas/world-references.js";
import { buildIndex } from "./build-index.js";
import type { World, WorldFile } from "./types.js";

/**
 * The bundled world (fixtures/world.json). Where no package root is found (the library bundled
 * into another program), the URL the package's own layout gives, so that importing never fails:
 * reading it fails then, as any missing file does.
 */
export const BUNDLED_WORLD = bundledWorldUrl();

function bundledWorldUrl(): URL {
  try {
    return pathToFileURL(packagePath("fixtures", "world.json"));
  } catch (e) {
    if (!(e instanceof KitError && e.code === "OSK_PACKAGE_ROOT")) throw e;
    return new URL("../../../fixtures/world.json", import.meta.url);
  }
}

let validator: ValidateFunction | undefined;

/** world.schema.json, compiled ahead of time unless edited since (schemas/precompiled.ts). */
function worldValidator(): ValidateFunction {
  if (!validator) {
    const text = readFileSync(join(schemaDir(), "world.schema.json"), "utf8");
    validator = schemaValidator(generated, "world", text, SCHEMA_AJV_OPTIONS);
  }
  return validator;
}

function readWorldText(path: string | URL): Result<unknown> {
  let text: string;
  try {
    text = readJsonFileText(path);
  } catch (e) {
    return fail([
      {
        code: "not-json",
        pointer: "",
        message: `cannot read ${excerpt(String(path))}: ${fileReadFailure(e)}`,
        file: excerpt(String(path)),
      },
    ]);
  }
  return parseJsonText(text, { maxLength: 256 * 1024 * 1024 });
}

/** Loads and checks a world from a file path (or URL) or an already-parsed object. */
export function loadWorld(source: string | URL | object): Result<World> {
  let data: unknown = source;
  if (typeof source === "string" || source instanceof URL) {
    const read = readWorldText(source);
    if (!read.ok) return read;
    data = read.value;
  } else {
    data = structuredClone(source);
  }
  const validate = worldValidator();
  if (!validate(data)) return fail(toIssues(validate.errors, data));
  const file = data as WorldFile;
  const refs = checkReferences(file);
  if (refs.length > 0) return fail(refs);
  return ok(buildIndex(file));
}
