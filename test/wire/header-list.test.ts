/** Comma-separated header values, such as Allow. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listTokens } from "../../src/wire/header-list.js";

describe("listTokens", () => {
  it("gives the items trimmed, their case kept (methods are case-sensitive, RFC 9110 §9.1), empty ones kept", () => {
    expect(listTokens(" get,Head ,, POST")).toEqual(["get", "Head", "", "POST"]);
    expect(listTokens(undefined)).toEqual([""]);
  });
  it("reads back the tokens a list was written from, whatever the spacing", () => {
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
          expect(listTokens(ms.join(sep))).toEqual(ms);
        },
      ),
    );
  });
});
