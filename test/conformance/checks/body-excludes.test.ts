/**
 * The body-excludes check (P-ERR-1.2: errors never echo the signature, nonce or secret): a
 * captured value found in the body fails; a value too short to tell from the body's own words
 * (a consumer secret such as `K-`) is not looked for, and the report says so instead of failing
 * a correct server whose message holds those letters by chance.
 */
import { describe, expect, it } from "vitest";
import {
  checkBodyExcludes,
  MIN_EXCLUDED_LENGTH,
} from "../../../src/conformance/checks/body-excludes.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

function judged(body: string, appSecret: string) {
  const ctx: CheckContext = {
    response: { status: 400, headers: {}, body: Buffer.from(body), ms: 0 },
    level: "profile",
    statement: "P-ERR-1.2",
    template: {
      users: {},
      namespace: "",
      unique: "",
      captures: new Map([["sent", { appSecret }]]),
    },
    decoded: () => ({ ok: true, value: JSON.parse(body) }),
    text: () => body,
  };
  return checkBodyExcludes({ bodyExcludes: ["{$sent.appSecret}"] }, ctx).map((r) => ({
    ok: r.ok,
    text: checkText(r),
  }));
}

describe("body excludes", () => {
  it("a secret echoed in the body fails", () => {
    expect(judged('{"error":{"message":"made with quiz secret+1/é"}}', "quiz secret+1/é")).toEqual([
      { ok: false, text: 'body contains "quiz secret+1/é" at offset 31' },
    ]);
  });
  it("as the signing key writes it (percent-encoded), it fails too", () => {
    expect(
      judged('{"error":{"message":"key quiz%20secret%2B1%2F%C3%A9& refused"}}', "quiz secret+1/é"),
    ).toEqual([{ ok: false, text: 'body contains "quiz%20secret%2B1%2F%C3%A9" at offset 25' }]);
  });
  it("written with JSON escapes (PHP's json_encode: \\/ and \\u00e9), it fails too", () => {
    expect(
      judged('{"error":{"message":"made with quiz secret+1\\/\\u00e9"}}', "quiz secret+1/é"),
    ).toEqual([
      {
        ok: false,
        text: 'body contains "quiz secret+1/é" once its escapes (JSON or XML) are undone',
      },
    ]);
  });
  it("a secret shorter than the least length is not looked for, and the report says so", () => {
    const secret = "K-".padEnd(MIN_EXCLUDED_LENGTH - 1, "x");
    expect(judged(`{"error":{"message":"OK-${secret}"}}`, secret)).toEqual([
      {
        ok: true,
        text: `a text of ${MIN_EXCLUDED_LENGTH - 1} characters is too short to tell from the body's own words: not looked for`,
      },
    ]);
  });
});
