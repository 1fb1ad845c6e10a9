/**
 * The signatures a request carried, read from where request/redact.ts redacts them: the
 * Authorization header (RFC 5849 §3.5.1, percent-encoded) and the query (§3.5.3,
 * form-encoded); a step's report redacts them wherever its checks quote them (P-ERR-1.2).
 */
import { describe, expect, it } from "vitest";
import { exchangeRedactor, sentSignatures } from "../../../src/conformance/request/redact.js";
import type { SentRequest } from "../../../src/conformance/request/sent-request.js";

const sent = (url: string, authorization?: string): SentRequest => ({
  method: "GET",
  url,
  headers: authorization === undefined ? {} : { Authorization: authorization },
  bodyBytes: 0,
  http: "1.1",
});

describe("sentSignatures", () => {
  it("decodes the header's signature, whatever the header name's case", () => {
    const s = sent("http://h/os/0.8/people/@me/@self", 'OAuth oauth_signature="a%2Bb%3D", x="1"');
    expect(sentSignatures(s)).toEqual(["a+b="]);
  });

  it("decodes a query's signature, `+` as a space, and a bad escape as sent", () => {
    expect(sentSignatures(sent("http://h/p?count=1&oauth_signature=a+b%2F&x=2"))).toEqual(["a b/"]);
    expect(sentSignatures(sent("http://h/p?oauth_signature=%E0%A4"))).toEqual(["%E0%A4"]);
  });

  it("finds none in a request that was not signed", () => {
    expect(sentSignatures(sent("http://h/p?count=1"))).toEqual([]);
  });
});

describe("exchangeRedactor", () => {
  it("redacts the request's own signature inside the answer's text, beside the secrets", () => {
    const r = exchangeRedactor(
      ["s3cret-value"],
      sent("http://h/p", 'OAuth oauth_signature="Zm9vYmFyYmF6cXV4"'),
    );
    expect(r.text('{"echo":"Zm9vYmFyYmF6cXV4","k":"s3cret-value"}')).toBe(
      '{"echo":"REDACTED","k":"REDACTED"}',
    );
  });
});

describe("a redactor's texts", () => {
  // A secret JSON escapes is found in a body only in its escaped spelling (P-ERR-1.2).
  it("redacts a secret a body holds only as an escaped JSON string", () => {
    const r = exchangeRedactor(['a"b\\c'], sent("http://h/p", 'OAuth oauth_signature="c2ln"'));
    expect(r.text('{"k":"a\\"b\\\\c"}')).toBe('{"k":"REDACTED"}');
    expect(r.value('x a"b\\c y')).toBe("x REDACTED y");
  });

  it("leaves a text that holds no secret and no signature as it is", () => {
    const r = exchangeRedactor(
      ["s3cret-value"],
      sent("http://h/p", 'OAuth oauth_signature="c2ln"'),
    );
    const text = '{"entry":{"k":"s3cret-valu","n":"c2l"}}';
    expect(r.text(text)).toBe(text);
    expect(r.value("s3cret")).toBe("s3cret");
  });

  it("redacts each secret and signature where several stand in one text", () => {
    const r = exchangeRedactor(
      ["s3cret-value", "other secret"],
      sent("http://h/p?oauth_signature=Zm9vYmFyYmF6cXV4"),
    );
    expect(r.text("other%2520secret s3cret-value Zm9vYmFyYmF6cXV4 other secret")).toBe(
      "REDACTED REDACTED REDACTED REDACTED",
    );
  });
});
