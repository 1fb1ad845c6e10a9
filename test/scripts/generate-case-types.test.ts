/**
 * src/conformance/case-types.ts is generated from conformance/case.schema.json:
 * the committed file is what `npm run generate:case-types` writes now, and the translator stops
 * with the schema pointer on a construct it does not know instead of guessing a type.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  currentCaseTypes,
  generateCaseTypes,
  OUTPUT_FILE,
  SchemaConstructError,
} from "../../scripts/generate-case-types.js";

const def = (d: Record<string, unknown>) => ({
  type: "object",
  properties: { x: { $ref: "#/$defs/d" } },
  $defs: { d: { title: "D", ...d } },
});

describe("generate-case-types", () => {
  it("the committed case-types.ts is current (run npm run generate:case-types)", () => {
    expect(readFileSync(OUTPUT_FILE, "utf8")).toBe(currentCaseTypes());
  });

  it("starts with the generated-file header", () => {
    expect(readFileSync(OUTPUT_FILE, "utf8")).toMatch(/^\/\*\*\n \* GENERATED from .*do not edit/);
  });

  it("translates the constructs the schema uses", () => {
    const text = generateCaseTypes({
      type: "object",
      required: ["a"],
      properties: {
        a: { description: "an a", enum: ["p", "q"] },
        b: {
          type: "array",
          prefixItems: [{ type: "string" }, { type: "integer" }],
          minItems: 2,
          maxItems: 2,
        },
        c: { type: "object", additionalProperties: { type: ["string", "null"] } },
        d: { oneOf: [{ $ref: "#/$defs/role" }, { const: true }] },
        e: true,
        // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
        f: { if: { required: ["u"] }, then: { $ref: "#/$defs/role" }, else: { type: "number" } },
      },
      $defs: {
        role: { title: "Role", enum: ["viewer", "friend"] },
        body: {
          title: "Body",
          type: "object",
          properties: { json: true, text: { type: "string" }, contentType: { type: "string" } },
          oneOf: [{ required: ["json"] }, { required: ["text"] }],
        },
      },
    });
    expect(text).toContain('/** an a */\na: "p" | "q";');
    expect(text).toContain("b?: [string, number];");
    expect(text).toContain("c?: Record<string, string | null>;");
    expect(text).toContain("d?: Role | true;");
    expect(text).toContain("e?: unknown;");
    expect(text).toContain("f?: Role | number;");
    expect(text).toContain('export const ROLES = ["viewer","friend"] as const;');
    expect(text).toContain("export type Role = (typeof ROLES)[number];");
    expect(text).toMatch(
      /export type Body = \{\ncontentType\?: string;\n\} & \(\{\njson: unknown;\n\} \| \{\ntext: string;\n\}\);/,
    );
  });

  it("stops on a construct it does not know, naming where", () => {
    const cases: [unknown, RegExp][] = [
      [
        def({ type: "object", properties: { a: true }, dependentRequired: {} }),
        /^\/\$defs\/d\/dependentRequired: the keyword dependentRequired/,
      ],
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
      [def({ if: { type: "string" }, then: true, else: true }), /^\/\$defs\/d: if\/then\/else/],
      [def({ allOf: [] }), /^\/\$defs\/d\/allOf/],
      [def({ type: "object", patternProperties: {} }), /patternProperties/],
      [def({ type: "array", prefixItems: [true] }), /prefixItems other than a fixed-length tuple/],
      [
        def({ type: "object", properties: { a: true }, oneOf: [{ required: ["a"], not: {} }] }),
        /oneOf\/0/,
      ],
      [{ type: "object", properties: { x: { $ref: "#/$defs/nowhere" } } }, /\$ref/],
      [{ $defs: { d: { enum: ["a"] } } }, /identifier `title`/],
    ];
    for (const [schema, message] of cases) {
      expect(() => generateCaseTypes(schema)).toThrow(SchemaConstructError);
      expect(() => generateCaseTypes(schema)).toThrow(message);
    }
  });
});
