/**
 * The console reporter writes a server's text with its control characters, ANSI escape sequences,
 * line separators and bidi controls escaped, colours on or off: a server cannot colour, clear or
 * rewrite the lines of a CI log, nor ring its bell.
 */
import { describe, expect, it } from "vitest";
import { REPORTERS } from "../../../src/conformance/index.js";
import { HOSTILE_REPORT } from "./hostile-report.js";

/** What a terminal acts on: C0 controls but tab and line feed, DEL, C1, separators, bidi controls. */
const ACTED_ON =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** The reporter's own colours (SGR sequences), which a colour terminal is meant to act on. */
const OWN_COLOURS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ESC of an SGR sequence is the point
  /\u001b\[\d+m/g;

describe("console: a server's text, escaped", () => {
  it.each([false, true])("colour %s: no raw control character but the reporter's own", (colour) => {
    const out = REPORTERS.console(HOSTILE_REPORT, { statements: new Map(), secrets: [], colour });
    expect(out.replace(OWN_COLOURS, "")).not.toMatch(ACTED_ON);
    expect(out).toContain(
      "\\u001b[31m\\u0007\\u000d\\u007f\\u0080\\u0085\\u009f\\u2028\\u2029\\u202e",
    );
  });
  it("writes the body's lines escaped in the response and in the check line", () => {
    const out = REPORTERS.console(HOSTILE_REPORT, { statements: new Map(), secrets: [] });
    expect(out).toMatch(/^ {4}a\\u0001\\u001b\[31m/m);
    expect(out).toMatch(/\(body: a\\u0001\\u001b\[31m/);
  });
});
