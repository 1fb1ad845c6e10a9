/**
 * The content-type check: core takes any JSON media type; profile asks for the exact label with
 * charset=utf-8 (P-FMT-1.5, P-FMT-1.7), and a label core would accept fails under that clause,
 * not under the rule the case is about.
 */
import { describe, expect, it } from "vitest";
import type { Level } from "../../../src/conformance/case-types.js";
import { checkContentType } from "../../../src/conformance/checks/content-type.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";

function run(header: string | undefined, contentType: string, level: Level, body = "") {
  const ctx: CheckContext = {
    response: {
      status: 200,
      headers: header === undefined ? {} : { "content-type": header },
      body: Buffer.from(body),
      ms: 0,
    },
    level,
    statement: "P-PEOPLE-4.1",
    template: { users: {}, namespace: "", unique: "", captures: new Map() },
    decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
    text: () => body,
  };
  const [r] = checkContentType({ contentType }, ctx);
  return { ok: r?.ok, statement: r?.statement };
}

describe("content-type check", () => {
  it.each<[string, string, Level, boolean, string]>([
    ["application/json; charset=utf-8", "json", "profile", true, "P-PEOPLE-4.1"],
    ["application/json;charset=UTF-8", "json", "profile", true, "P-PEOPLE-4.1"],
    ["application/json", "json", "core", true, "P-PEOPLE-4.1"],
    ["text/json", "json", "core", true, "P-PEOPLE-4.1"],
    // core would take these: at profile the label rule is what they break
    ["application/json", "json", "profile", false, "P-FMT-1.5"],
    ["application/json; charset=iso-8859-1", "json", "profile", false, "P-FMT-1.5"],
    ["text/json; charset=utf-8", "json", "profile", false, "P-FMT-1.5"],
    ["application/atom+xml", "atom", "profile", false, "P-FMT-1.7"],
    // another representation altogether fails under the case's own rule, at both levels
    ["text/xml; charset=utf-8", "atom", "profile", false, "P-PEOPLE-4.1"],
    ["text/xml", "atom", "core", false, "P-PEOPLE-4.1"],
    ["text/html; charset=utf-8", "json", "profile", false, "P-PEOPLE-4.1"],
  ])("%s for %s at %s: ok %s, cites %s", (header, type, level, ok, statement) => {
    expect(run(header, type, level)).toEqual({ ok, statement });
  });

  // The wanted representation under another label: at profile the label rule is what breaks.
  it.each<[string, string, string, Level, string]>([
    ["application/json; charset=utf-8", "atom", "<feed/>", "profile", "P-FMT-1.7"],
    ["text/xml; charset=utf-8", "atom", " <feed/>", "profile", "P-FMT-1.7"],
    ["text/plain; charset=utf-8", "json", '{"a":1}', "profile", "P-FMT-1.5"],
    ["application/json; charset=utf-8", "atom", "<feed/>", "core", "P-PEOPLE-4.1"],
    // another representation than wanted: not a label's failure
    ["application/json; charset=utf-8", "atom", '{"a":1}', "profile", "P-PEOPLE-4.1"],
  ])("%s for %s with body %s at %s cites %s", (header, type, body, level, statement) => {
    expect(run(header, type, level, body)).toEqual({ ok: false, statement });
  });
});
