/**
 * `npm run generate:case-types`: writes src/conformance/case-types.ts from
 * conformance/case.schema.json, so the case format is written once. A small translator for the
 * constructs that schema uses, and no more: each `$defs` entry becomes an exported type named by
 * its `title` (string enums also an exported list, `ROLES` for `Role`), `description`s become doc
 * comments, keywords that only constrain values (pattern, lengths, bounds) are dropped, and any
 * other keyword stops the generator with the pointer of the schema that uses it. The output goes
 * through Biome so it is formatted as the rest of src/. `--check` exits 1 when the committed file
 * is stale instead of writing it (test/scripts/generate-case-types.test.ts checks the same).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { escapeToken } from "../src/model/json-pointer.js";

const ROOT = join(import.meta.dirname, "..");
/** The schema the types come from. */
export const SCHEMA_FILE = join(ROOT, "conformance/case.schema.json");
/** The generated module. */
export const OUTPUT_FILE = join(ROOT, "src/conformance/case-types.ts");
/** The root schema (one case file) has no `$defs` entry to be named after. */
const ROOT_TYPE = "CaseFile";

type Schema = boolean | { readonly [keyword: string]: unknown };
type SchemaObject = Exclude<Schema, boolean>;

/** Keywords that say nothing about a value's TypeScript shape. */
const ANNOTATIONS = new Set(["title", "description", "$comment", "default", "examples"]);
/** Keywords that only narrow values within the shape the other keywords give. */
const VALIDATION_ONLY = new Set([
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "format",
  // a member's presence requiring or excluding others: the members' types stand as they are
  "dependentSchemas",
]);
/** Keywords the translator turns into types. */
const STRUCTURAL = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "prefixItems",
  "oneOf",
  "anyOf",
  "if",
  "then",
  "else",
]);
/** Keywords of the root schema only. */
const ROOT_ONLY = new Set(["$schema", "$id", "$defs"]);

/** A construct the translator does not know: the generator stops rather than guess. */
export class SchemaConstructError extends Error {
  override readonly name = "SchemaConstructError";
}

function unknownConstruct(at: string, what: string): never {
  throw new SchemaConstructError(
    `${at || "/"}: ${what} is not a construct generate-case-types knows`,
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A doc comment, wrapped to fit the line width at the usual indentation. */
function docComment(description: unknown): string {
  if (typeof description !== "string") return "";
  const text = description.replaceAll("*/", "*\\/");
  if (text.length <= 84) return `/** ${text} */\n`;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > 88) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return `/**\n${lines.map((l) => ` * ${l}\n`).join("")} */\n`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** `Role` → `ROLES`, `JsonType` → `JSON_TYPES`. */
function listName(typeName: string): string {
  return `${typeName.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}S`;
}

/** Wraps a union or intersection so it can stand in a larger type. */
function group(type: string): string {
  return /[|&]/.test(type) ? `(${type})` : type;
}

function stringEnum(s: SchemaObject): string[] | undefined {
  const values = s.enum;
  if (!Array.isArray(values) || !values.every((v) => typeof v === "string")) return undefined;
  const others = Object.keys(s).filter((k) => k !== "enum" && !ANNOTATIONS.has(k));
  return others.length === 0 ? (values as string[]) : undefined;
}

class Translator {
  private readonly names = new Map<string, string>();

  constructor(defs: Record<string, unknown>) {
    for (const [key, def] of Object.entries(defs)) {
      const title = isObject(def) ? def.title : undefined;
      if (typeof title !== "string" || !IDENTIFIER.test(title))
        unknownConstruct(
          `/$defs/${escapeToken(key)}`,
          "a definition without an identifier `title`",
        );
      this.names.set(`#/$defs/${key}`, title);
    }
  }

  nameOf(ref: unknown, at: string): string {
    const name = typeof ref === "string" ? this.names.get(ref) : undefined;
    return name ?? unknownConstruct(at, `$ref ${JSON.stringify(ref)}`);
  }

  /** The TypeScript type of a schema. */
  type(s: Schema, at: string): string {
    if (s === true) return "unknown";
    if (s === false) return "never";
    for (const k of Object.keys(s))
      if (!ANNOTATIONS.has(k) && !VALIDATION_ONLY.has(k) && !STRUCTURAL.has(k))
        unknownConstruct(`${at}/${escapeToken(k)}`, `the keyword ${k}`);
    if (s.$ref !== undefined) {
      const others = Object.keys(s).filter(
        (k) => k !== "$ref" && !ANNOTATIONS.has(k) && !VALIDATION_ONLY.has(k),
      );
      if (others.length) unknownConstruct(at, `$ref beside ${others.join(", ")}`);
      return this.nameOf(s.$ref, `${at}/$ref`);
    }
    if (s.enum !== undefined) {
      if (!Array.isArray(s.enum) || s.enum.some((v) => isObject(v) || Array.isArray(v)))
        unknownConstruct(`${at}/enum`, "an enum of other than scalars");
      return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
    }
    if (s.const !== undefined) {
      if (isObject(s.const) || Array.isArray(s.const))
        unknownConstruct(`${at}/const`, "a const structure");
      return JSON.stringify(s.const);
    }
    if (s.if !== undefined || s.then !== undefined || s.else !== undefined)
      return this.conditional(s, at);
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes("object")) return this.object(s, at);
    if (s.properties !== undefined || s.required !== undefined)
      unknownConstruct(at, "properties without `type: object`");
    if (s.oneOf !== undefined || s.anyOf !== undefined) {
      if (types.length) unknownConstruct(at, "a union beside `type`");
      const keyword = s.oneOf !== undefined ? "oneOf" : "anyOf";
      const branches = s[keyword];
      if (!Array.isArray(branches))
        unknownConstruct(`${at}/${keyword}`, `a ${keyword} that is not a list`);
      // A union inside a union needs no parentheses; an intersection does.
      return branches
        .map((b: Schema, i) => {
          const t = this.type(b, `${at}/${keyword}/${i}`);
          return t.includes("&") ? `(${t})` : t;
        })
        .join(" | ");
    }
    if (types.length === 0) return "unknown";
    return types.map((t) => this.scalarOrArray(s, t, at)).join(" | ");
  }

  /**
   * `if: {required: [...]}, then: A, else: B` alone (a discriminated choice, so that a validator
   * reports the errors of the branch meant): the union A | B.
   */
  private conditional(s: SchemaObject, at: string): string {
    const test = s.if;
    const extra = Object.keys(s).filter(
      (k) => !["if", "then", "else"].includes(k) && !ANNOTATIONS.has(k),
    );
    const requiredOnly =
      isObject(test) && Object.keys(test).length === 1 && Array.isArray(test.required);
    if (!requiredOnly || s.then === undefined || s.else === undefined || extra.length)
      unknownConstruct(at, "if/then/else other than `if: {required}` with both branches alone");
    const branches = [
      this.type(s.then as Schema, `${at}/then`),
      this.type(s.else as Schema, `${at}/else`),
    ];
    return branches.map((t) => (t.includes("&") ? `(${t})` : t)).join(" | ");
  }

  private scalarOrArray(s: SchemaObject, t: unknown, at: string): string {
    switch (t) {
      case "string":
      case "boolean":
      case "null":
        return t;
      case "integer":
      case "number":
        return "number";
      case "array":
        return this.array(s, at);
      default:
        return unknownConstruct(`${at}/type`, `the type ${JSON.stringify(t)}`);
    }
  }

  private array(s: SchemaObject, at: string): string {
    if (s.prefixItems !== undefined) {
      const items = s.prefixItems;
      if (!Array.isArray(items) || s.minItems !== items.length || s.maxItems !== items.length)
        unknownConstruct(`${at}/prefixItems`, "prefixItems other than a fixed-length tuple");
      if (s.items !== undefined) unknownConstruct(`${at}/items`, "items beside prefixItems");
      return `[${items.map((x: Schema, i) => this.type(x, `${at}/prefixItems/${i}`)).join(", ")}]`;
    }
    if (s.items === undefined) return "unknown[]";
    return `${group(this.type(s.items as Schema, `${at}/items`))}[]`;
  }

  /** Members of an object schema, one per property, each with its doc comment. */
  private members(props: Record<string, unknown>, required: readonly string[], at: string): string {
    return Object.entries(props)
      .map(([name, p]) => {
        const schema = p as Schema;
        const doc = isObject(schema) ? docComment(schema.description) : "";
        const optional = required.includes(name) ? "" : "?";
        const type = this.type(schema, `${at}/properties/${escapeToken(name)}`);
        return `${doc}${propertyName(name)}${optional}: ${type};\n`;
      })
      .join("");
  }

  private object(s: SchemaObject, at: string): string {
    const props = s.properties ?? {};
    if (!isObject(props)) unknownConstruct(`${at}/properties`, "properties that are not an object");
    const required = s.required ?? [];
    if (!Array.isArray(required) || !required.every((r) => typeof r === "string"))
      unknownConstruct(`${at}/required`, "required that is not a list of names");
    if (s.items !== undefined || s.prefixItems !== undefined || s.anyOf !== undefined)
      unknownConstruct(at, "an object with items or anyOf");
    const extra = s.additionalProperties;
    const named = Object.keys(props).length > 0;
    if (!named) {
      if (s.oneOf !== undefined)
        unknownConstruct(`${at}/oneOf`, "oneOf on an object without properties");
      if (extra === undefined || extra === true) return "Record<string, unknown>";
      if (extra === false) unknownConstruct(at, "an object that admits no member");
      return `Record<string, ${this.type(extra as Schema, `${at}/additionalProperties`)}>`;
    }
    if (extra !== undefined && extra !== false)
      unknownConstruct(`${at}/additionalProperties`, "additionalProperties beside properties");
    if (s.oneOf === undefined) return `{\n${this.members(props, required, at)}}`;
    return this.exactlyOne(s, props, required, at);
  }

  /**
   * An object whose `oneOf` branches each only require members (`{"required": ["json"]}`):
   * exactly one branch's members are present. Typed as the common members & a union with one
   * member per branch.
   */
  private exactlyOne(
    s: SchemaObject,
    props: Record<string, unknown>,
    required: readonly string[],
    at: string,
  ): string {
    const branches = s.oneOf;
    if (!Array.isArray(branches)) unknownConstruct(`${at}/oneOf`, "a oneOf that is not a list");
    const chosen = branches.map((b, i) => {
      const keys = isObject(b) ? Object.keys(b) : [];
      const req = isObject(b) ? b.required : undefined;
      if (keys.length !== 1 || keys[0] !== "required" || !Array.isArray(req))
        unknownConstruct(`${at}/oneOf/${i}`, "a oneOf branch other than `required` alone");
      for (const name of req)
        if (typeof name !== "string" || !(name in props))
          unknownConstruct(`${at}/oneOf/${i}/required`, `the undeclared member ${String(name)}`);
      return req as string[];
    });
    const inBranch = new Set(chosen.flat());
    const pick = (names: (n: string) => boolean): Record<string, unknown> =>
      Object.fromEntries(Object.entries(props).filter(([n]) => names(n)));
    const common = this.members(
      pick((n) => !inBranch.has(n)),
      required,
      at,
    );
    const union = chosen
      .map(
        (names) =>
          `{\n${this.members(
            pick((n) => names.includes(n)),
            names,
            at,
          )}}`,
      )
      .join(" | ");
    return `{\n${common}} & (${union})`;
  }

  /** One exported declaration per definition. */
  declaration(name: string, s: Schema, at: string): string {
    const doc = isObject(s) ? docComment(s.description) : "";
    const values = isObject(s) ? stringEnum(s) : undefined;
    if (values) {
      const list = listName(name);
      return (
        `/** Every {@link ${name}}, in the schema's order. */\n` +
        `export const ${list} = ${JSON.stringify(values)} as const;\n` +
        `${doc}export type ${name} = (typeof ${list})[number];\n`
      );
    }
    const type = this.type(s, at);
    const plainObject = isObject(s) && s.type === "object" && s.oneOf === undefined;
    return plainObject && type.startsWith("{")
      ? `${doc}export interface ${name} ${type}\n`
      : `${doc}export type ${name} = ${type};\n`;
  }
}

/** The module text (before formatting) for a parsed case schema. Throws SchemaConstructError. */
export function generateCaseTypes(schema: unknown): string {
  if (!isObject(schema)) return unknownConstruct("", "a schema that is not an object");
  const defs = schema.$defs ?? {};
  if (!isObject(defs)) return unknownConstruct("/$defs", "$defs that are not an object");
  const root = Object.fromEntries(Object.entries(schema).filter(([k]) => !ROOT_ONLY.has(k)));
  const t = new Translator(defs);
  const parts = [
    "/**\n" +
      " * GENERATED from conformance/case.schema.json by scripts/generate-case-types.ts: do not edit.\n" +
      " * Change the schema, then run `npm run generate:case-types`.\n" +
      " */\n",
    t.declaration(ROOT_TYPE, root, ""),
    ...Object.entries(defs).map(([key, def]) =>
      t.declaration(t.nameOf(`#/$defs/${key}`, ""), def as Schema, `/$defs/${escapeToken(key)}`),
    ),
  ];
  return parts.join("\n");
}

/** Formats TypeScript as `npm run format` would (the project's Biome and biome.json). */
export function formatTypeScript(text: string, path = OUTPUT_FILE): string {
  const biome = join(ROOT, "node_modules/@biomejs/biome/bin/biome");
  const r = spawnSync(process.execPath, [biome, "format", `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: text,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`biome format failed: ${r.stderr}`);
  return r.stdout;
}

/** The formatted module for the schema file as it is now. */
export function currentCaseTypes(): string {
  return formatTypeScript(generateCaseTypes(JSON.parse(readFileSync(SCHEMA_FILE, "utf8"))));
}

function main(): number {
  const text = currentCaseTypes();
  if (process.argv.includes("--check")) {
    const stale = readFileSync(OUTPUT_FILE, "utf8") !== text;
    if (stale)
      process.stderr.write("src/conformance/case-types.ts is stale: npm run generate:case-types\n");
    return stale ? 1 : 0;
  }
  writeFileSync(OUTPUT_FILE, text);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main();
