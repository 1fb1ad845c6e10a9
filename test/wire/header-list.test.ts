/** Comma-separated header values, such as Allow. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listTokens } from "../../src/wire/header-list.js";

describe("listTokens", () => {
  it("gives the items trimmed and in upper case, empty ones kept", () => {
    expect(listTokens(" get,Head ,, post")).toEqual(["GET", "HEAD", "", "POST"]);
    expect(listTokens(undefined)).toEqual([""]);
  });
  it("reads back the tokens a list was written from, whatever the spacing and case", () => {
    const method = fc.string({
      unit: fc.constantFrom(..."GETPOSTdelhad"),
      minLength: 1,
      maxLength: 7,
    });
    fc.assert(
      fc.property(
        fc.array(method, { minLength: 1 }),
        fc.constantFrom(",", ", ", " ,\t"),
        (ms, sep) => {
          expect(listTokens(ms.join(sep))).toEqual(ms.map((m) => m.toUpperCase()));
        },
      ),
    );
  });
});
