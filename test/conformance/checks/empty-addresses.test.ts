/**
 * §2.6: a person without addresses may show `"addresses": []` or no member; the fuzzer's judge
 * and `diff` read both the same way, and never touch an application-data answer (§2.5).
 */
import { describe, expect, it } from "vitest";
import { withoutEmptyAddresses } from "../../../src/conformance/checks/empty-addresses.js";

describe("withoutEmptyAddresses", () => {
  it("leaves out an empty list in a list's entries and in a single person, with or without id", () => {
    expect(
      withoutEmptyAddresses({
        entry: [{ id: "u:a", addresses: [] }, { id: "u:b" }],
        totalResults: 2,
      }),
    ).toEqual({ entry: [{ id: "u:a" }, { id: "u:b" }], totalResults: 2 });
    expect(withoutEmptyAddresses({ entry: { id: "u:a", addresses: [] } })).toEqual({
      entry: { id: "u:a" },
    });
    // a person answer whose fields leave out `id` is still a person
    expect(withoutEmptyAddresses({ entry: { addresses: [], name: { formatted: "A" } } })).toEqual({
      entry: { name: { formatted: "A" } },
    });
  });

  it("keeps a list that holds an address", () => {
    const doc = { entry: { id: "u:a", addresses: [{ locality: "X" }] } };
    expect(withoutEmptyAddresses(doc)).toEqual(doc);
  });

  it("leaves an application-data answer as it is, whatever its users are called", () => {
    const doc = {
      entry: { id: { k: "v" }, addresses: [] },
      id: ["id", "addresses"],
      totalResults: 2,
    };
    expect(withoutEmptyAddresses(doc)).toBe(doc);
  });
});
