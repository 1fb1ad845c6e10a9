/** §2.5 / P-DATA-5: readers take a user listed with an empty record as a user left out. */
import { describe, expect, it } from "vitest";
import { withoutEmptyRecords } from "../../../src/conformance/checks/empty-records.js";

describe("withoutEmptyRecords", () => {
  it("drops empty records, their ids and their count", () => {
    expect(
      withoutEmptyRecords({
        entry: { "u:a": {}, "u:b": { k: "v" } },
        id: ["u:a", "u:b"],
        startIndex: 0,
        totalResults: 2,
      }),
    ).toEqual({ entry: { "u:b": { k: "v" } }, id: ["u:b"], startIndex: 0, totalResults: 1 });
    expect(withoutEmptyRecords({ entry: { "u:a": {} }, id: ["u:a"], totalResults: "1" })).toEqual({
      entry: {},
      id: [],
      totalResults: "0",
    });
  });
  it("leaves anything else as it is", () => {
    const full = { entry: { "u:a": { k: "" } }, id: ["u:a"], totalResults: 1 };
    expect(withoutEmptyRecords(full)).toBe(full);
    const people = { entry: [{}], totalResults: 1 };
    expect(withoutEmptyRecords(people)).toBe(people);
    expect(withoutEmptyRecords(null)).toBeNull();
  });
});
