/**
 * The error body check (P-ERR-1): a wrong shape or code fails P-ERR-1.1; the status written as
 * its string rendering fails P-FMT-6.3 (the writers' type rule) and nothing else.
 */
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkErrorBody } from "../../../src/conformance/checks/error-body.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

function failures(body: string, status = 403, type = "application/json; charset=utf-8") {
  const ctx: CheckContext = {
    response: { status, headers: { "content-type": type }, body: Buffer.from(body), ms: 0 },
    level: "profile",
    statement: "P-DATA-6.1",
    template: { users: {}, namespace: "", unique: "", captures: new Map() },
    decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
    text: () => body,
  };
  return checkErrorBody({ errorBody: true }, ctx)
    .filter((r) => !r.ok)
    .map((r) => `${r.statement}: ${checkText(r)}`);
}

describe("error body check", () => {
  it("passes the profile's error body", () => {
    expect(failures('{"error":{"code":403,"message":"no"}}')).toEqual([]);
  });
  it("fails a status written as a string under P-FMT-6.3 alone", () => {
    expect(failures('{"error":{"code":"403","message":"no"}}')).toEqual([
      expect.stringMatching(
        /^P-FMT-6\.3: \/error\/code: the string "403" where the declared type is a number/,
      ),
    ]);
  });
  it("does not blame P-ERR-1 for a success answer (the status check fails instead)", () => {
    expect(failures('{"entry":{}}', 200)).toEqual([]);
  });
  it.each([
    ['{"error":{"code":404,"message":"no"}}', /^P-ERR-1\.1: .*404/],
    ['{"error":{"code":"404","message":"no"}}', /^P-ERR-1\.1: /],
    ['{"error":{"code":403}}', /^P-ERR-1\.1: /],
    ["no", /^P-ERR-1\.1: /],
  ])("fails %s under P-ERR-1.1", (body, message) => {
    const out = failures(body);
    expect(out.length).toBeGreaterThan(0);
    for (const m of out) expect(m).toMatch(message);
  });
});
