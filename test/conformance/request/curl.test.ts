import { describe, expect, it } from "vitest";
import { curlLine } from "../../../src/conformance/request/curl.js";
import { redact } from "../../../src/conformance/request/redact.js";

describe("curl reproduction line", () => {
  it("quotes, keeps the method, headers and body, and redacts signatures and secrets", () => {
    const line = curlLine(
      {
        method: "POST",
        url: "http://h/os/0.8/appdata/@me/@self/@app?oauth_signature=abc%3D&x=1",
        headers: {
          authorization: 'OAuth oauth_nonce="n", oauth_signature="c2ln"',
          "content-type": "application/json",
        },
        body: `{"note":"it's quiz-secret"}`,
        bodyBytes: 26,
        http: "1.1",
      },
      ["quiz-secret"],
    );
    expect(line).toContain("-X POST");
    expect(line).toContain("oauth_signature=REDACTED&x=1");
    expect(line).toContain('oauth_signature="REDACTED"');
    expect(line).not.toContain("c2ln");
    expect(line).not.toContain("quiz-secret");
    expect(line).toContain(`'{"note":"it'\\''s REDACTED"}'`);
  });
  it("says when the kit held the body back (curl cannot)", () => {
    const line = curlLine({
      method: "POST",
      url: "http://h/os/0.8/appdata/a/@self/@app",
      headers: {},
      body: "x",
      bodyBytes: 2097152,
      http: "1.1",
      held: { after: 1114112, chunked: true },
    });
    expect(line).toMatch(/ # the kit sent only the first 1114112 bytes of the body \(chunked\)/);
  });
  it("redacts in any text", () => {
    expect(redact('x oauth_signature="s" y', [])).toBe('x oauth_signature="REDACTED" y');
  });
});

describe("curl reproduction line for HEAD", () => {
  it("uses -I, never -X HEAD (curl would wait for a body the answer never carries)", () => {
    const line = curlLine({
      method: "HEAD",
      url: "http://h/os/0.8/people/@me/@self",
      headers: {},
      bodyBytes: 0,
      http: "1.1",
    });
    expect(line).toMatch(/^curl -sS -I 'http:\/\/h\/os\/0\.8\/people\/@me\/@self'/);
    expect(line).not.toContain("-X HEAD");
    expect(line).not.toMatch(/ -i /);
  });
});
