/**
 * The checks read an answer under the run's answer cap, not under a reader's own default
 * (checks/answer-limits.ts): with `--max-answer-bytes` raised past 8 MiB, a JSON answer of more
 * than 8 Mi characters (two friends' 4 MiB records, P-DATA-7) is JSON, and a long error body is
 * an error body.
 */
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkErrorBody } from "../../../src/conformance/checks/error-body.js";
import { responseViews } from "../../../src/conformance/checks/index.js";

const NINE_MI = 9 * 1024 * 1024;

describe("answers above the readers' own defaults", () => {
  it("a JSON answer of 9 Mi characters decodes", () => {
    const body = Buffer.from(`{"entry":{"example.org:bob":{"k":"${"v".repeat(NINE_MI)}"}}}`);
    const views = responseViews({}, { status: 200, headers: {}, body, ms: 0 });
    expect(views.decoded().ok).toBe(true);
  });

  it("an error body of 9 Mi characters is judged as one", () => {
    const text = `{"error":{"code":404,"message":"no such person: ${"x".repeat(NINE_MI)}"}}`;
    const ctx: CheckContext = {
      response: {
        status: 404,
        headers: { "content-type": "application/json" },
        body: Buffer.from(text),
        ms: 0,
      },
      level: "profile",
      statement: "P-ERR-1.1",
      template: { users: {}, namespace: "", unique: "", captures: new Map() },
      decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
      text: () => text,
    };
    expect(checkErrorBody({ errorBody: true }, ctx).filter((r) => !r.ok)).toEqual([]);
  });
});
