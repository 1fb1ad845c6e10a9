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

describe("console: what the reproduce line says of the signature", () => {
  /** The hostile report's failed step with `request` as the request it sent. */
  const withRequest = (headers: Record<string, string>, url: string) => {
    const [c] = HOSTILE_REPORT.cases;
    if (!c) throw new Error("no case");
    const [step] = c.steps;
    if (!step) throw new Error("no step");
    const request = { method: "GET", url, headers, bodyBytes: 0, http: "1.1" as const };
    return { ...HOSTILE_REPORT, cases: [{ ...c, steps: [{ ...step, request }] }] };
  };
  const say = (headers: Record<string, string>, url = "http://h/os/0.8/people/@me/@self") =>
    REPORTERS.console(withRequest(headers, url), { statements: new Map(), secrets: [] });

  it("an unsigned request is said to be sent unsigned, not redacted", () => {
    expect(say({})).toContain("(sent unsigned; to replay as the kit sent it: ");
    expect(say({})).not.toContain("redacted");
  });
  it("a signature in the header or the query, not signed afresh, is said to be redacted", () => {
    expect(say({ Authorization: 'OAuth oauth_signature="REDACTED"' })).toContain(
      "(signature redacted; to replay signed: ",
    );
    expect(say({}, "http://h/os/0.8/people/@me/@self?oauth_signature=REDACTED")).toContain(
      "(signature redacted; to replay signed: ",
    );
  });
});
