/** The schema check: which rule a failure cites (P-FMT-6.3 for a string rendering). */
import { describe, expect, it } from "vitest";
import type { Level } from "../../../src/conformance/case-types.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkSchema } from "../../../src/conformance/checks/schema.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

function run(value: unknown, level: Level) {
  const text = JSON.stringify(value);
  const ctx: CheckContext = {
    response: { status: 200, headers: {}, body: Buffer.from(text), ms: 0 },
    level,
    statement: "P-PAGE-1.1",
    template: { users: {}, namespace: "ns", unique: "t1", captures: new Map() },
    decoded: () => ({ ok: true, value }),
    text: () => text,
  };
  return checkSchema({ schema: { kind: "people" } }, ctx);
}

const page = { startIndex: 0, itemsPerPage: 20, totalResults: 0, entry: [] };

describe("schema check", () => {
  it("passes a string rendering at core", () => {
    expect(run({ ...page, startIndex: "0" }, "core")).toMatchObject([{ ok: true }]);
  });

  it("fails a string rendering at profile citing P-FMT-6.3, a paging member that is no integer its paging clause", () => {
    const rs = run({ ...page, startIndex: "0", totalResults: "x" }, "profile");
    expect(rs).toMatchObject([
      {
        ok: false,
        statement: "P-FMT-6.3",
        location: "/startIndex",
        finding: { code: "string-rendering", at: "/startIndex", text: "0", declared: "number" },
      },
      { ok: false, statement: "S-2.4-PAGING-FIELDS.1", finding: { code: "schema-invalid" } },
    ]);
    expect(checkText(rs[0] ?? { finding: { code: "schema-ok", kind: "" } })).toBe(
      '/startIndex: the string "0" where the declared type is a number (P-FMT-6.3: writers write the declared type; core accepts it)',
    );
  });

  it("files an issue with an entry's member under the §2 clause declaring it, not the case's", () => {
    const alice = {
      id: "ns:alice",
      nickname: "a",
      displayName: "A",
      updated: "",
      hasApp: true,
      thumbnailUrl: "",
    };
    const { displayName: _d, ...noName } = alice;
    expect(run({ ...page, totalResults: 1, entry: [noName] }, "profile")).toMatchObject([
      { ok: false, statement: "S-2.6-PERSON-ALWAYS.1", location: "/entry/0/displayName" },
    ]);
    expect(
      run({ ...page, totalResults: 1, entry: [{ ...alice, bloodType: "C" }] }, "core"),
    ).toMatchObject([
      { ok: false, statement: "S-2.6-PERSON-FIELDS.1", location: "/entry/0/bloodType" },
    ]);
  });

  it("files a missing paging member under the paging clause, not the case's (S-1-LIST-PAGING.1)", () => {
    const { totalResults: _t, ...noTotal } = page;
    expect(run(noTotal, "profile")).toMatchObject([
      { ok: false, statement: "S-1-LIST-PAGING.1", location: "/totalResults" },
    ]);
    // any other issue stays the case's
    expect(run({ ...page, entry: {} }, "profile")).toMatchObject([
      { ok: false, statement: "P-PAGE-1.1" },
    ]);
  });

  it("leaves the id form to the cases about §2.1: ids without a namespace pass (a deployment's john.doe)", () => {
    const person = {
      id: "acme.user",
      nickname: "a",
      displayName: "A",
      updated: "",
      hasApp: true,
      thumbnailUrl: "",
    };
    for (const level of ["core", "profile"] as const)
      expect(run({ ...page, totalResults: 1, entry: [person] }, level)).toMatchObject([
        { ok: true },
      ]);
    expect(run({ ...page, totalResults: "x", entry: [person] }, "core")).toMatchObject([
      { ok: false, location: "/totalResults" },
    ]);
  });

  it("bounds no text member: a thumbnail or photo url as a data: URI of 100,000 characters passes", () => {
    // §2 bounds none of them; a server that inlines its images is correct (the answer as a whole
    // stays bounded by the runner's answer cap)
    const long = `data:image/png;base64,${"A".repeat(100_000)}`;
    const person = {
      id: "example.org:a",
      nickname: long,
      displayName: long,
      updated: "",
      hasApp: true,
      thumbnailUrl: long,
      profileUrl: long,
    };
    for (const level of ["core", "profile"] as const)
      expect(run({ ...page, totalResults: 1, entry: [person] }, level)).toMatchObject([
        { ok: true },
      ]);
  });
});
