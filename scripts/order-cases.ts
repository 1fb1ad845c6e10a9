/**
 * `npm run order:cases`: puts the members of every case file (conformance/cases)
 * and library step file (conformance/steps) in the order of case.schema.json's `properties`,
 * then formats the files it changed with Biome. Only objects the schema describes member by
 * member are reordered; data (a `query`, a `json` body, `equals` values, captures) keeps the
 * order it was written in, since that order is sent or compared. `--check` lists the files out
 * of order and exits 1 instead (test/scripts/order-cases.test.ts checks the same).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = join(import.meta.dirname, "..");
const SUITE = join(ROOT, "conformance");

type Schema = boolean | { readonly [keyword: string]: unknown };
type Defs = Readonly<Record<string, Schema>>;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function resolve(s: Schema, defs: Defs): Schema {
  let out = s;
  for (let hops = 0; isObject(out) && typeof out.$ref === "string"; hops++) {
    const name = /^#\/\$defs\/([^/]+)$/.exec(out.$ref)?.[1];
    const target = name === undefined ? undefined : defs[name];
    if (target === undefined || hops > 20)
      throw new Error(`order-cases: cannot follow ${out.$ref}`);
    out = target;
  }
  return out;
}

/** Whether an object value can be the instance of an object schema (required and closed members). */
function fits(v: Record<string, unknown>, s: Schema): boolean {
  if (!isObject(s) || !isObject(s.properties)) return false;
  const props = s.properties;
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  if (!required.every((r) => r in v)) return false;
  return s.additionalProperties !== false || Object.keys(v).every((k) => k in props);
}

/** The branch of an `if`/`then`/`else` or a `oneOf`/`anyOf` an object value is an instance of. */
function branchFor(v: Record<string, unknown>, s: Schema, defs: Defs): Schema {
  if (!isObject(s)) return s;
  if (isObject(s.if) && Array.isArray(s.if.required)) {
    const chosen = (s.if.required as string[]).every((k) => k in v) ? s.then : s.else;
    return chosen === undefined ? s : branchFor(v, resolve(chosen as Schema, defs), defs);
  }
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (!Array.isArray(branches) || isObject(s.properties)) return s;
  const matching = branches.map((b) => resolve(b, defs)).filter((b) => fits(v, b));
  if (matching.length > 1) throw new Error("order-cases: an object fits two branches of a oneOf");
  return matching[0] ?? s;
}

/** A copy of `v` whose schema-described objects list their members in the schema's order. */
export function orderMembers(v: unknown, schema: Schema, defs: Defs): unknown {
  let s = resolve(schema, defs);
  if (Array.isArray(v)) {
    const items = isObject(s) ? (s.items as Schema | undefined) : undefined;
    const prefix = isObject(s) ? (s.prefixItems as Schema[] | undefined) : undefined;
    return v.map((x, i) => orderMembers(x, prefix?.[i] ?? items ?? true, defs));
  }
  if (!isObject(v) || !isObject(s)) return v;
  s = branchFor(v, s, defs);
  if (!isObject(s)) return v;
  const props = isObject(s.properties) ? (s.properties as Record<string, Schema>) : {};
  const extra = (s.additionalProperties ?? true) as Schema;
  const keys = [
    ...Object.keys(props).filter((k) => k in v),
    ...Object.keys(v).filter((k) => !(k in props)),
  ];
  return Object.fromEntries(keys.map((k) => [k, orderMembers(v[k], props[k] ?? extra, defs)]));
}

/** Every case and library step file, with the schema its root follows. */
export function suiteFiles(dir = SUITE): { file: string; root: string }[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith(".json") ? [join(d, e.name)] : [],
    );
  return [
    ...walk(join(dir, "cases")).map((file) => ({ file, root: "#" })),
    ...walk(join(dir, "steps")).map((file) => ({ file, root: "#/$defs/libraryStep" })),
  ].sort((a, b) => a.file.localeCompare(b.file));
}

/** Each file out of the schema's member order, with its value in order. */
export function outOfOrder(dir = SUITE): { file: string; ordered: unknown }[] {
  const schema = JSON.parse(readFileSync(join(dir, "case.schema.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const defs = (schema.$defs ?? {}) as Defs;
  const out: { file: string; ordered: unknown }[] = [];
  for (const { file, root } of suiteFiles(dir)) {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    const ordered = orderMembers(value, root === "#" ? schema : { $ref: root }, defs);
    if (JSON.stringify(ordered) !== JSON.stringify(value)) out.push({ file, ordered });
  }
  return out;
}

function main(): number {
  const found = outOfOrder();
  const names = found.map((f) => relative(ROOT, f.file));
  if (process.argv.includes("--check")) {
    for (const n of names) process.stderr.write(`out of the schema's member order: ${n}\n`);
    return found.length ? 1 : 0;
  }
  for (const f of found) writeFileSync(f.file, `${JSON.stringify(f.ordered)}\n`);
  if (found.length) {
    const biome = join(ROOT, "node_modules/@biomejs/biome/bin/biome");
    const r = spawnSync(process.execPath, [biome, "format", "--write", ...names], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (r.status !== 0) return 1;
  }
  process.stdout.write(`${found.length} file(s) put in the schema's member order\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main();
