import { describe, expect, it } from "vitest";
import { hasType, type Rendering, valuesEqual } from "../../../src/conformance/checks/compare.js";

describe("comparison", () => {
  it("accepts string renderings only when lenient (core, P-FMT-6)", () => {
    expect(valuesEqual(3, "3", true)).toBe(true);
    expect(valuesEqual(3, "3", false)).toBe(false);
    expect(valuesEqual(true, "true", true)).toBe(true);
    expect(valuesEqual(true, "1", true)).toBe(false);
    expect(hasType("12", "integer", true)).toBe(true);
    expect(hasType("12", "integer", false)).toBe(false);
    expect(hasType("1.5", "integer", true)).toBe(false);
  });
  it("records the renderings a profile check would tolerate (P-FMT-6.3), only the server's", () => {
    const seen: Rendering[] = [];
    expect(valuesEqual([3, true], ["3", "true"], seen)).toBe(true);
    expect(valuesEqual("3", 3, seen)).toBe(false);
    expect(valuesEqual([1, 2], ["1", "3"], seen)).toBe(false);
    expect(hasType("7", "integer", seen)).toBe(true);
    expect(seen).toEqual([
      { text: "3", declared: "number" },
      { text: "true", declared: "boolean" },
      { text: "7", declared: "number" },
    ]);
  });
  it("takes a JSON -0 for zero: a correct server may write it so", () => {
    expect(valuesEqual(0, JSON.parse("-0"), false)).toBe(true);
    expect(valuesEqual({ startIndex: 0 }, JSON.parse('{"startIndex":-0}'), false)).toBe(true);
    expect(valuesEqual([0], JSON.parse("[-0.0]"), false)).toBe(true);
  });
  it("ignores member order but not array order", () => {
    expect(valuesEqual({ a: 1, b: 2 }, { b: 2, a: 1 }, false)).toBe(true);
    expect(valuesEqual([1, 2], [2, 1], false)).toBe(false);
    expect(valuesEqual({ a: 1 }, { a: 1, b: 2 }, false)).toBe(false);
  });
  it("reads a number that is no safe integer by its JSON text (an address member in Atom, P-FMT-7)", () => {
    for (const [n, text] of [
      [0.1, "0.1"],
      [-2.5, "-2.5"],
      [1.5e-7, "1.5e-7"],
      [1e21, "1e+21"],
      [1e21, "1E21"],
      [1e20, "100000000000000000000"],
      [JSON.parse("9007199254740993"), "9007199254740993"],
    ] as const) {
      expect(valuesEqual(n, text, true), text).toBe(true);
      expect(valuesEqual(n, text, false), text).toBe(false);
    }
    expect(valuesEqual(0.1, "0.2", true)).toBe(false);
    expect(valuesEqual(0.1, ".1", true)).toBe(false);
    expect(valuesEqual(0.5, " 0.5", true)).toBe(false);
    // a safe integer keeps §2's renderings only: `3`, not `3.0`
    expect(valuesEqual(3, "3.0", true)).toBe(false);
  });
});
