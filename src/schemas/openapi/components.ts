/**
 * The OpenAPI components built from the bundled JSON Schemas: every schema of
 * `schemas/` copied under `components/schemas/<name>` (without `$id`/`$schema`), with its
 * references between files rewritten to the component (`album.schema.json` →
 * `#/components/schemas/album`), so the document is one self-contained file that cannot drift
 * from the schemas the kit validates with.
 */
import { ALL_SCHEMA_FILES } from "../kinds.js";
import { readSchema } from "../registry.js";

/** `album-list.schema.json` → `album-list`. */
function componentName(file: string): string {
  return file.replace(/\.schema\.json$/, "");
}

/** The `$ref` of a schema file's component (with a pointer into it, if any). */
function rewriteRef(ref: string): string {
  const m = /^([a-z0-9-]+\.schema\.json)(#.*)?$/.exec(ref);
  if (!m) return ref;
  const pointer = (m[2] ?? "#").slice(1);
  return `#/components/schemas/${componentName(m[1] ?? "")}${pointer}`;
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "$id" || k === "$schema") continue;
    out[k] = k === "$ref" && typeof v === "string" ? rewriteRef(v) : rewrite(v);
  }
  return out;
}

/** Every bundled schema as an OpenAPI component, by name. */
export function schemaComponents(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of [...ALL_SCHEMA_FILES].sort())
    out[componentName(file)] = rewrite(readSchema(file));
  return out;
}
