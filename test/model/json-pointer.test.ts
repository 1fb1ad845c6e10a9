import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  childPointer,
  escapeToken,
  pointerOf,
  pointerTokens,
  unescapeToken,
} from "../../src/model/json-pointer.js";

describe("json-pointer (RFC 6901)", () => {
  it.each([
    ["", ""],
    ["a/b", "a~1b"],
    ["m~n", "m~0n"],
    ["~1", "~01"],
    ["/~", "~1~0"],
  ])("escapes %j as %j", (raw, escaped) => {
    expect(escapeToken(raw)).toBe(escaped);
    expect(unescapeToken(escaped)).toBe(raw);
  });

  it("builds and splits the RFC's examples", () => {
    expect(pointerOf([])).toBe("");
    expect(pointerOf(["foo", 0])).toBe("/foo/0");
    expect(pointerOf(["a/b"])).toBe("/a~1b");
    expect(childPointer("/x", "m~n")).toBe("/x/m~0n");
    expect(pointerTokens("")).toEqual([]);
    expect(pointerTokens("/")).toEqual([""]);
    expect(pointerTokens("/a~1b/m~0n")).toEqual(["a/b", "m~n"]);
  });

  it("round-trips any tokens", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme-composite" })), (tokens) => {
        expect(pointerTokens(pointerOf(tokens))).toEqual(tokens);
      }),
    );
  });
});
