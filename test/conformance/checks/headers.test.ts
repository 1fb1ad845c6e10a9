/**
 * Header checks: each rule on its own, and `orAbsent` (a header that may be left out, such as a
 * HEAD's Content-Length, RFC 9110 §8.6) checked only when it is sent.
 */

import { describe, expect, it } from "vitest";
import type { ExpectSpec } from "../../../src/conformance/case-types.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkHeaders } from "../../../src/conformance/checks/headers.js";

function run(headers: Record<string, string>, expect: NonNullable<ExpectSpec["headers"]>) {
  const ctx: CheckContext = {
    response: { status: 200, headers, body: Buffer.alloc(0), ms: 0 },
    level: "profile",
    statement: "P-ERR-2.3",
    template: {
      users: { viewer: "example.org:alice" },
      namespace: "example.org",
      unique: "",
      captures: new Map<string, unknown>([["length", "244"]]),
    },
    decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
    text: () => "",
  };
  return checkHeaders({ headers: expect }, ctx).map((r) => [r.ok, r.finding.code]);
}

describe("header checks", () => {
  it("equals fills captures; present, absent, includes and matches each judge one thing", () => {
    expect(run({ "content-length": "244" }, { "Content-Length": { equals: "{$length}" } })).toEqual(
      [[true, "header-equals"]],
    );
    expect(run({}, { "Content-Length": { equals: "{$length}" } })).toEqual([
      [false, "header-equals"],
    ]);
    expect(run({ vary: "x" }, { Vary: { present: true } })).toEqual([[true, "header-present-ok"]]);
    expect(run({}, { "Content-Encoding": { absent: true } })).toEqual([[true, "header-absent-ok"]]);
    expect(run({ allow: "GET,HEAD" }, { Allow: { includes: ["HEAD", "GET"] } })).toEqual([
      [true, "header-includes-ok"],
    ]);
    // methods are case-sensitive (RFC 9110 §9.1): `get` is another method than GET
    expect(run({ allow: "get, HEAD" }, { Allow: { includes: ["GET"] } })).toEqual([
      [false, "header-includes-lacking"],
    ]);
    expect(run({ allow: "GET" }, { Allow: { matches: "^GET$" } })).toEqual([
      [true, "header-matches-ok"],
    ]);
  });

  it("orAbsent: a missing header passes; one that is sent must meet the other rules", () => {
    const rule = { "Content-Length": { equals: "{$length}", orAbsent: true as const } };
    expect(run({}, rule)).toEqual([[true, "header-absent-ok"]]);
    expect(run({ "content-length": "244" }, rule)).toEqual([[true, "header-equals"]]);
    expect(run({ "content-length": "0" }, rule)).toEqual([[false, "header-equals"]]);
  });
  it("equals on Content-Type compares media types: case, spaces and quotes are no difference (RFC 9110 §8.3.1)", () => {
    const want = { "Content-Type": { equals: "application/json; charset=utf-8" } };
    for (const sent of [
      "application/json; charset=utf-8",
      'APPLICATION/JSON;CHARSET="UTF-8"',
      "application/json ;  charset=UTF-8",
    ])
      expect(run({ "content-type": sent }, want)).toEqual([[true, "header-equals"]]);
    for (const sent of [
      "application/json",
      "application/json; charset=iso-8859-1",
      "text/json; charset=utf-8",
      "application/json; charset=utf-8; v=1",
    ])
      expect(run({ "content-type": sent }, want)).toEqual([[false, "header-equals"]]);
    // other headers are still compared as written
    expect(run({ "content-length": "0244" }, { "Content-Length": { equals: "244" } })).toEqual([
      [false, "header-equals"],
    ]);
  });
});
