/**
 * A JSON answer whose bytes are not UTF-8 is no JSON (RFC 8259 §8.1), though its text, with
 * U+FFFD in place of the bad bytes, parses: the body checks and the error-body check say so.
 */
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkErrorBody } from "../../../src/conformance/checks/error-body.js";
import { responseViews } from "../../../src/conformance/checks/index.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

/** `{"entry":{"displayName":"A<bad bytes>"}}`: 0xFF and 0xFE are never UTF-8. */
const BROKEN = Buffer.concat([
  Buffer.from('{"entry":{"displayName":"A'),
  Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
  Buffer.from('"}}'),
]);

describe("a JSON answer that is not UTF-8", () => {
  it("is no JSON to the body checks", () => {
    const views = responseViews({}, { status: 200, headers: {}, body: BROKEN, ms: 0 });
    const d = views.decoded();
    expect(d).toMatchObject({ ok: false, finding: { code: "body-not-json" } });
    if (!d.ok)
      expect(checkText({ finding: d.finding })).toBe(
        "body is not JSON: its bytes are not UTF-8, as JSON between systems must be (RFC 8259 §8.1)",
      );
  });

  it("is no JSON to the error-body check", () => {
    const body = Buffer.concat([
      Buffer.from('{"error":{"code":404,"message":"'),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    const ctx: CheckContext = {
      response: { status: 404, headers: { "content-type": "application/json" }, body, ms: 0 },
      level: "profile",
      statement: "P-ERR-1.1",
      template: { users: {}, namespace: "", unique: "", captures: new Map() },
      decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
      text: () => body.toString("utf8"),
    };
    expect(checkErrorBody({ errorBody: true }, ctx).filter((r) => !r.ok)).toMatchObject([
      { finding: { code: "error-body-not-json" } },
    ]);
  });

  it("valid UTF-8 of every plane decodes", () => {
    const body = Buffer.from('{"entry":{"displayName":"é 日本 😀 \\ud800"}}');
    expect(responseViews({}, { status: 200, headers: {}, body, ms: 0 }).decoded().ok).toBe(true);
  });
});
