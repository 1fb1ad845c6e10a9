// Every bundled schema compiles in ajv strict mode in both modes, and every `pattern` is bounded
// by a `maxLength` (the issue's rule against unbounded regex work).
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KINDS } from "../../src/schemas/kinds.js";
import { readSchema, schemaDir, validatorFor } from "../../src/schemas/registry.js";
import { validate } from "../../src/schemas/validate.js";

function walk(
  node: unknown,
  path: string,
  visit: (n: Record<string, unknown>, path: string) => void,
): void {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) walk(n, `${path}/${i}`, visit);
  } else if (node !== null && typeof node === "object") {
    visit(node as Record<string, unknown>, path);
    for (const [k, v] of Object.entries(node)) walk(v, `${path}/${k}`, visit);
  }
}

describe("schema registry", () => {
  it("compiles every kind in both modes", () => {
    for (const kind of KINDS) {
      expect(typeof validatorFor(kind, "lenient")).toBe("function");
      expect(typeof validatorFor(kind, "strict")).toBe("function");
    }
  });

  it("bounds every pattern with a maxLength", () => {
    const files = readdirSync(schemaDir()).filter((f) => f.endsWith(".schema.json"));
    expect(files.length).toBeGreaterThanOrEqual(12);
    const unbounded: string[] = [];
    for (const file of files) {
      walk(readSchema(file), file, (node, path) => {
        if (typeof node.pattern === "string" && typeof node.maxLength !== "number")
          unbounded.push(path);
      });
    }
    expect(unbounded).toEqual([]);
  });

  it("reports an unknown kind as an issue, not a throw", () => {
    expect(validate("nope" as never, {})).toEqual({
      ok: false,
      issues: [expect.objectContaining({ code: "unknown-kind" })],
    });
  });

  it("does not modify the value it validates in lenient mode", () => {
    const value = { error: { code: "400", message: "m" } };
    expect(validate("error", value)).toEqual({
      ok: true,
      value: { error: { code: 400, message: "m" } },
    });
    expect(value.error.code).toBe("400");
  });

  it("that copy keeps an own __proto__ member a member (JSON.parse makes one)", () => {
    const value = JSON.parse('{"error":{"code":"400","message":"m","__proto__":{"x":1}}}');
    value.error.onClick = () => 1;
    const r = validate("error", value);
    expect(r.ok).toBe(true);
    if (r.ok) {
      const error = r.value.error as unknown as Record<string, unknown>;
      expect(Object.getPrototypeOf(error)).toBe(Object.prototype);
      expect(Object.hasOwn(error, "__proto__")).toBe(true);
      expect(error.code).toBe(400);
    }
  });

  it("nor one structuredClone cannot copy (a function member), cycles and all", () => {
    const onClick = () => 1;
    const value: Record<string, unknown> = {
      entry: [],
      startIndex: "0",
      itemsPerPage: "20",
      totalResults: "0",
      onClick,
    };
    value.self = value;
    const r = validate("albums", value);
    expect(r.ok).toBe(true);
    expect(value.startIndex).toBe("0");
    expect(value.itemsPerPage).toBe("20");
    if (r.ok) {
      expect(r.value).not.toBe(value);
      const copy = r.value as unknown as Record<string, unknown>;
      expect(copy.startIndex).toBe(0);
      expect(copy.self).toBe(copy);
      expect(copy.onClick).toBe(onClick);
    }
  });
});
