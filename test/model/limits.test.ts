/**
 * The profile's limits live in model/limits.ts; the bundled JSON Schemas are data and cannot
 * import them, so they are held to the same numbers here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { XML_CHAR_CLASS } from "../../src/model/appdata-rules.js";
import {
  MAX_KEY_LENGTH,
  MAX_VALUE_CODE_POINTS,
  PAIR_LIMIT,
  RECORD_LIMITS,
  recordBytes,
} from "../../src/model/limits.js";

const schema = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), "utf8"));

describe("the bundled schemas state the limits of model/limits.ts", () => {
  it("an application-data record: keys of at most MAX_KEY_LENGTH, values of MAX_VALUE_CODE_POINTS XML Chars (P-DATA-1)", () => {
    const record = schema("appdata-record.schema.json");
    expect(record.propertyNames.maxLength).toBe(MAX_KEY_LENGTH);
    expect(record.additionalProperties.maxLength).toBe(MAX_VALUE_CODE_POINTS);
    expect(record.additionalProperties.pattern).toBe(`^${XML_CHAR_CLASS}*$`);
  });
  it("a write body: fewer than PAIR_LIMIT pairs (P-DATA-3)", () => {
    expect(schema("appdata-write.schema.json").maxProperties).toBe(PAIR_LIMIT - 1);
  });
});

describe("recordBytes (P-DATA-7)", () => {
  it("counts the UTF-8 bytes of keys and values", () => {
    expect(recordBytes([])).toBe(0);
    expect(recordBytes(new Map([["k", "é😀"]]))).toBe(1 + 2 + 4);
    expect(RECORD_LIMITS).toEqual({ maxKeys: 10_000, maxBytes: 4 * 1024 * 1024 });
  });
});
