import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointCompare } from "../../src/model/code-point-order.js";

describe("code point order", () => {
  it("orders strings by code point, as UTF-8 bytes do (P-PAGE-3)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a), Buffer.from(b));
        expect(Math.sign(codePointCompare(a, b))).toBe(bytes);
      }),
    );
    expect(codePointCompare("\uFFFF", "😀")).toBeLessThan(0);
    expect(codePointCompare("a", "a")).toBe(0);
  });
});
