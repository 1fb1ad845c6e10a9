/** The bound on what a message quotes of its input (src/model/quote.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { excerpt, QUOTE_CHARS, quoted } from "../../src/model/quote.js";

/** " (N characters)" and the ellipsis: what a cut adds. */
const CUT_MARK = 40;

describe("quoted and excerpt", () => {
  it("a string up to the bound is shown whole; a longer one as its prefix and its length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3 * QUOTE_CHARS, unit: "binary" }), (s) => {
        const q = quoted(s);
        const e = excerpt(s);
        if (s.length <= QUOTE_CHARS) {
          expect(q).toBe(JSON.stringify(s));
          expect(e).toBe(s);
        } else {
          expect(q).toBe(`${JSON.stringify(s.slice(0, QUOTE_CHARS))}… (${s.length} characters)`);
          expect(e).toBe(`${s.slice(0, QUOTE_CHARS)}… (${s.length} characters)`);
        }
        // JSON escapes take at most six characters (\u0000) for one.
        expect(q.length).toBeLessThanOrEqual(6 * QUOTE_CHARS + CUT_MARK);
        expect(e.length).toBeLessThanOrEqual(QUOTE_CHARS + CUT_MARK);
      }),
    );
  });

  it("anything but a string is named by what it is, never by its contents", () => {
    expect(quoted(undefined)).toBe("(undefined)");
    expect(quoted(null)).toBe("(null)");
    expect(quoted(true)).toBe("(true)");
    expect(quoted(5)).toBe("(the number 5)");
    expect(quoted(Buffer.alloc(10 * 2 ** 20))).toBe(`(${10 * 2 ** 20} bytes)`);
    expect(quoted(["a", "b"])).toBe("(an array of 2 items)");
    expect(quoted({ toString: () => "x".repeat(2 ** 20) })).toBe("(an object)");
    expect(quoted(Symbol("x".repeat(2 ** 20)))).toBe("(a symbol)");
    expect(quoted(10n ** 1000n)).toBe("(a bigint)");
    expect(quoted(() => 1)).toBe("(a function)");
  });
});
