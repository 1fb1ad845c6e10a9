/**
 * `npm run generate:validators`: compiles the JSON Schemas the kit validates with into
 * `*.generated.ts` modules of plain functions (ajv's standalone code), so that a start pays no
 * compilation (src/schemas/precompiled.ts). One module per set of schemas that ajv compiles
 * together, with the options its user compiles them with; each records the hash of the schema
 * texts it came from, and its user compiles with ajv instead when the files read otherwise.
 * `--check` exits 1 when a committed module is stale instead of writing it
 * (test/scripts/compile-validators.test.ts checks the same).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import type { CodeKeywordDefinition, Options } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { CLIENTS_AJV_OPTIONS } from "../src/conformance/suite/client-styles.js";
import { EXPECTATIONS_AJV_OPTIONS } from "../src/conformance/suite/expectations.js";
import { CASE_AJV_OPTIONS } from "../src/conformance/suite/load-cases.js";
import { ALL_SCHEMA_FILES } from "../src/schemas/kinds.js";
import { lenientKeyword } from "../src/schemas/lenient-keyword.js";
import { ajvModule, sourceHash, validatorName } from "../src/schemas/precompiled.js";
import {
  KIND_SCHEMA_FILES,
  modeSchemas,
  SCHEMA_AJV_OPTIONS,
  SCHEMA_BASE,
} from "../src/schemas/registry.js";

const ROOT = join(import.meta.dirname, "..");
const SUITE = "https://opensocial-kit.example/conformance/";

/** One generated module: the schemas compiled together and the validators it exports. */
interface ModuleSpec {
  /** The module, relative to the repository. */
  readonly out: string;
  /** The schema files, relative to the repository, in the order their texts are hashed. */
  readonly files: readonly string[];
  readonly options: Options;
  /** The schemas ajv takes, from the files' texts (default: each parsed). */
  readonly schemas?: (texts: readonly string[]) => object[];
  readonly keywords?: readonly CodeKeywordDefinition[];
  /** Import lines the generated code needs besides ajv's runtime. */
  readonly imports?: readonly string[];
  /** Export name → the `$id` of the schema it validates. */
  readonly exports: Readonly<Record<string, string>>;
}

const kindExports = Object.fromEntries(
  KIND_SCHEMA_FILES.map((file) => [validatorName(file), SCHEMA_BASE + file]),
);
const kindFiles = ALL_SCHEMA_FILES.map((file) => `schemas/${file}`);

/** Every generated module. */
export const MODULES: readonly ModuleSpec[] = [
  {
    out: "src/schemas/kinds-strict.generated.ts",
    files: kindFiles,
    options: SCHEMA_AJV_OPTIONS,
    schemas: (texts) => modeSchemas("strict", texts),
    exports: kindExports,
  },
  {
    out: "src/schemas/kinds-lenient.generated.ts",
    files: kindFiles,
    options: SCHEMA_AJV_OPTIONS,
    schemas: (texts) => modeSchemas("lenient", texts),
    keywords: [lenientKeyword],
    imports: ['import { lenientRead } from "./lenient.js";'],
    exports: kindExports,
  },
  {
    out: "src/schemas/world.generated.ts",
    files: ["schemas/world.schema.json"],
    options: SCHEMA_AJV_OPTIONS,
    exports: { world: `${SCHEMA_BASE}world.schema.json` },
  },
  {
    out: "src/conformance/suite/case.generated.ts",
    files: ["conformance/case.schema.json", "conformance/step.schema.json"],
    options: CASE_AJV_OPTIONS,
    exports: { caseFile: `${SUITE}case.schema.json`, step: `${SUITE}step.schema.json` },
  },
  {
    out: "src/conformance/suite/clients.generated.ts",
    files: ["conformance/clients.schema.json"],
    options: CLIENTS_AJV_OPTIONS,
    exports: { clients: `${SUITE}clients.schema.json` },
  },
  {
    out: "src/conformance/suite/expectations.generated.ts",
    files: ["conformance/expectations.schema.json"],
    options: EXPECTATIONS_AJV_OPTIONS,
    exports: { expectations: `${SUITE}expectations.schema.json` },
  },
];

/**
 * ajv's code (`allErrors`) gathers a called validator's errors with
 * `vErrors = vErrors.concat(f.errors)`, a copy of every error so far on each call: inside an
 * array's loop (a list's entries) that is quadratic in the errors, and 10,000 empty entries
 * (30 KB of JSON) took 8 s. Appending them in place gives the same errors in the same order in
 * linear time (test/schemas/validate-linear.test.ts). Each call's `f.errors` is an array of its
 * own, made afresh on every call, so the caller may keep and extend it.
 */
export function linearErrors(code: string): string {
  const concat =
    /vErrors = vErrors === null \? (validate\w+)\.errors : vErrors\.concat\(\1\.errors\);/g;
  return code.replace(
    concat,
    (_, f: string) =>
      `if (vErrors === null) vErrors = ${f}.errors; else for (const e of ${f}.errors) vErrors.push(e);`,
  );
}

/**
 * ajv's standalone code loads its runtime helpers with `require("ajv/dist/runtime/…")`: each
 * becomes a static import instead, so that a bundler (esbuild, webpack, rollup) sees and includes
 * it, and the module needs no `createRequire(import.meta.url)`, which a CommonJS bundle lacks.
 * A helper is a CommonJS module whose `default` is the function; a bundler's interop may hand
 * the function itself to a default import, so either is taken.
 */
export function runtimeImports(code: string): { code: string; imports: string[] } {
  const imports: string[] = [];
  const named = new Map<string, string>();
  const out = code.replace(
    /require\("(ajv\/dist\/runtime\/([a-z0-9]+))"\)\.default/gi,
    (_, path: string, name: string) => {
      let id = named.get(path);
      if (id === undefined) {
        id = `ajvRuntime_${name}`;
        named.set(path, id);
        imports.push(`import ${id} from "${path}.js";`);
      }
      return `(${id}.default ?? ${id})`;
    },
  );
  if (/\brequire\(/.test(out)) throw new Error("ajv's standalone code requires something else");
  return { code: out, imports };
}

/** The text of `spec`'s module as the schema files read now. */
export function moduleText(spec: ModuleSpec): string {
  const texts = spec.files.map((f) => readFileSync(join(ROOT, f), "utf8"));
  const ajv = new (ajvModule().Ajv2020)({
    ...spec.options,
    code: { source: true, esm: true, lines: true },
  });
  for (const k of spec.keywords ?? []) ajv.addKeyword(k);
  for (const schema of spec.schemas ? spec.schemas(texts) : texts.map((t) => JSON.parse(t)))
    ajv.addSchema(schema);
  const { code, imports } = runtimeImports(
    linearErrors(standalone.default(ajv, { ...spec.exports })),
  );
  const version = (
    JSON.parse(readFileSync(join(ROOT, "node_modules/ajv/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  return [
    "/**",
    ` * GENERATED by scripts/compile-validators.ts (ajv ${version}, standalone code) from`,
    ...spec.files.map((f) => ` * ${f}`),
    " * do not edit: `npm run generate:validators` rewrites it (src/schemas/precompiled.ts).",
    " */",
    "// @ts-nocheck",
    ...imports,
    ...(spec.imports ?? []),
    "",
    `export const SOURCE_HASH = "${sourceHash(texts)}";`,
    code,
    "",
  ].join("\n");
}

/** The modules whose committed text is not what would be generated now. */
export function staleModules(): string[] {
  return MODULES.filter((m) => {
    try {
      return readFileSync(join(ROOT, m.out), "utf8") !== moduleText(m);
    } catch {
      return true;
    }
  }).map((m) => m.out);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--check")) {
    const stale = staleModules();
    for (const s of stale) process.stderr.write(`${s} is stale: npm run generate:validators\n`);
    process.exitCode = stale.length ? 1 : 0;
  } else {
    for (const m of MODULES) {
      writeFileSync(join(ROOT, m.out), moduleText(m));
      process.stdout.write(`wrote ${relative(ROOT, join(ROOT, m.out))}\n`);
    }
  }
}
