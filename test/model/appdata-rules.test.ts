// The P-DATA-1 alphabet.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  codePointLength,
  isValidKey,
  isValidValue,
  isXmlText,
} from "../../src/model/appdata-rules.js";

describe("P-DATA-1 keys", () => {
  it.each(["a", "A-z_0.9", "k".repeat(128), "__proto__", "constructor", "1st", "-x", ".x"])(
    "accepts %j",
    (k) => {
      expect(isValidKey(k)).toBe(true);
    },
  );
  it.each(["", "k".repeat(129), "a b", "a/b", "é", "a:b", "a\n"])("refuses %j", (k) => {
    expect(isValidKey(k)).toBe(false);
  });
});

describe("P-DATA-1 values", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(codePointLength("😀😀")).toBe(2);
    expect(isValidValue("😀".repeat(65_536))).toBe(true);
    expect(isValidValue("😀".repeat(65_537))).toBe(false);
    expect(isValidValue("x".repeat(65_537))).toBe(false);
  });
  it("property: a value is valid when it has at most 65,536 code points, all XML Chars", () => {
    // around the limit: 65,530–65,540 units of which some are halves of astral characters
    const unit = fc.constantFrom("x", "é", "😀", "\uD800", "\u0001");
    const near = fc
      .tuple(fc.integer({ min: 65_520, max: 65_540 }), fc.array(unit, { maxLength: 12 }))
      .map(([n, tail]) => "x".repeat(n - tail.length) + tail.join(""));
    fc.assert(
      fc.property(fc.oneof(near, fc.string({ unit: "binary" })), (v) => {
        expect(isValidValue(v)).toBe([...v].length <= 65_536 && isXmlText(v));
      }),
    );
  });
  it.each(["\t\n\r", "", "日本", "\uE000", "\u{10FFFF}"])("accepts XML Char text %j", (v) => {
    expect(isXmlText(v)).toBe(true);
  });
  it.each(["\u0000", "\u0007", "\uFFFE", "\uFFFF", "\uD800", "a\uDC00b"])("refuses %j", (v) => {
    expect(isXmlText(v)).toBe(false);
    expect(isValidValue(v)).toBe(false);
  });
});
