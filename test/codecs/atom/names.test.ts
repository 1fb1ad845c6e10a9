// P-FMT-4: the SQL/XML name escape for keys that are not XML names, reversed on reading.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeName, encodeName } from "../../../src/codecs/atom/names.js";

/** XML 1.0 NCName (BMP subset used by the encoder). */
const NCNAME =
  /^[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][A-Za-z_0-9.\-\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*$/;

/** P-DATA-1 keys: 1–128 of A-Za-z0-9_.- with `_x` sequences made likely. */
const keyChar = fc.constantFrom(..."ABCDEFabcdefxXyz0123456789_.-");
const p1Key = fc
  .array(fc.oneof(keyChar, fc.constantFrom("_x", "_x0041_", "_x005F_", "_x00e9_", "_X0041_")), {
    minLength: 1,
    maxLength: 40,
  })
  .map((parts) => parts.join("").slice(0, 128))
  .filter((k) => k.length > 0);

describe("encodeName / decodeName (P-FMT-4)", () => {
  const table: [string, string][] = [
    ["score", "score"],
    ["1st", "_x0031_st"],
    ["-dash", "_x002D_dash"],
    [".dot", "_x002E_dot"],
    ["9", "_x0039_"],
    ["_x0041_", "_x005F_x0041_"],
    ["_x00e9_", "_x005F_x00e9_"],
    ["a_x1234_b", "a_x005F_x1234_b"],
    ["_x12345", "_x12345"],
    ["_x123_", "_x123_"],
    ["a.b-c_d", "a.b-c_d"],
    ["xmlKey", "xmlKey"],
    ["has space", "has_x0020_space"],
    ["a:b", "a_x003A_b"],
  ];
  for (const [key, name] of table) {
    it(`${JSON.stringify(key)} ⇄ ${JSON.stringify(name)}`, () => {
      expect(encodeName(key)).toBe(name);
      expect(decodeName(name)).toBe(key);
    });
  }
  it("decodes hex in either case", () => {
    expect(decodeName("_x002d_dash")).toBe("-dash");
    expect(decodeName("_x005f_x0041_")).toBe("_x0041_");
  });
  it("refuses the empty name", () => {
    expect(() => encodeName("")).toThrowError(expect.objectContaining({ code: "OSK_INVALID_KEY" }));
  });
  it("property: every P-DATA-1 key encodes to an NCName and decodes back", () => {
    fc.assert(
      fc.property(p1Key, (key) => {
        const name = encodeName(key);
        expect(name).toMatch(NCNAME);
        expect(decodeName(name)).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });
  it("property: any non-empty string encodes to an NCName and decodes back", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30, unit: "binary" }), (key) => {
        const name = encodeName(key);
        expect(name).toMatch(NCNAME);
        expect(decodeName(name)).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });
});
