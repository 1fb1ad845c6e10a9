/**
 * A reader's limits: absent gives the default; a number 0 or more is taken (Infinity lifts it
 * on purpose); NaN, a negative number or a string is a KitError (OSK_INVALID_LIMIT) in every
 * reader, where NaN used to lift the bound without a word (every comparison with it is false).
 */
import { describe, expect, it } from "vitest";
import { fromAtom } from "../../src/codecs/atom/index.js";
import { fromJson } from "../../src/codecs/json/index.js";
import { limitOption } from "../../src/codecs/limit-option.js";

const deepXml = `<feed xmlns="http://www.w3.org/2005/Atom">${"<x>".repeat(300)}${"</x>".repeat(300)}</feed>`;

describe("limitOption", () => {
  it("the default when absent, the number when 0 or more", () => {
    expect(limitOption("maxDepth", undefined, 32)).toBe(32);
    expect(limitOption("maxDepth", 0, 32)).toBe(0);
    expect(limitOption("maxBytes", Number.POSITIVE_INFINITY, 1)).toBe(Number.POSITIVE_INFINITY);
  });
  it.each([[Number.NaN], [-1], ["64"]])("%s: OSK_INVALID_LIMIT", (value) => {
    expect(() => limitOption("maxDepth", value, 32)).toThrowError(
      expect.objectContaining({ code: "OSK_INVALID_LIMIT" }),
    );
  });
});

describe("the readers", () => {
  it.each([
    ["fromAtom maxDepth", () => fromAtom("people", deepXml, { limits: { maxDepth: Number.NaN } })],
    ["fromAtom maxBytes", () => fromAtom("people", deepXml, { limits: { maxBytes: Number.NaN } })],
    ["fromJson maxDepth", () => fromJson("people", "[[[]]]", { limits: { maxDepth: Number.NaN } })],
    ["fromJson maxLength", () => fromJson("people", "{}", { limits: { maxLength: -1 } })],
  ])("%s: NaN or negative is refused, not a bound lifted", (_n, read) => {
    expect(read).toThrowError(expect.objectContaining({ code: "OSK_INVALID_LIMIT" }));
  });
  it("a valid limit still bounds: depth 300 refused at the default and at 256", () => {
    for (const limits of [{}, { maxDepth: 1000 }]) {
      const r = fromAtom("people", deepXml, { limits });
      expect(r.ok ? "ok" : r.issues[0]?.code).toBe("xml-too-deep");
    }
  });
});
