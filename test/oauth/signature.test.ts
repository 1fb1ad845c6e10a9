// RFC 5849 primitives against the RFC's own example (§3.4.1.1) and a sign/verify round trip; the
// library's convention: the readers return a Result, the signer throws a KitError.
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Result } from "../../src/model/issue.js";
import { KitError } from "../../src/model/kit-error.js";
import {
  formatAuthorizationHeader,
  parseAuthorizationHeader,
} from "../../src/oauth/authorization-header.js";
import {
  baseStringUri,
  normaliseParameters,
  type OAuthParam,
  signatureBaseString,
} from "../../src/oauth/base-string.js";
import { percentEncode } from "../../src/oauth/percent-encode.js";
import { formParams, queryParams, signRequest } from "../../src/oauth/sign-request.js";
import { bodyHash, bodyHashHex, hmacSha1, signingKey } from "../../src/oauth/signature.js";

/** The value of a read that must succeed. */
function readValue<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`unexpected issues: ${JSON.stringify(r.issues)}`);
  return r.value;
}

describe("RFC 5849", () => {
  it("hashes a body given in pieces as the same bytes given whole (P-AUTH-2, P-AUTH-6)", () => {
    expect(bodyHash("Hello World!")).toBe("Lve95gjOVATpfV8EL5X4nxwjKHE=");
    // bytes made in another realm (a vm context, as some test runners use) are bytes too
    const foreign = runInNewContext("new Uint8Array([104, 105])") as Uint8Array;
    expect(bodyHash(foreign)).toBe(bodyHash("hi"));
    expect(bodyHashHex(foreign)).toBe(bodyHashHex("hi"));
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 8 }), (pieces) => {
        const whole = Buffer.concat(pieces);
        expect(bodyHash(pieces)).toBe(bodyHash(whole));
        expect(bodyHashHex(pieces)).toBe(bodyHashHex(whole));
      }),
    );
  });

  it("percent-encodes per §3.6", () => {
    expect(percentEncode("a b!*'()~-._")).toBe("a%20b%21%2A%27%28%29~-._");
    expect(percentEncode("é")).toBe("%C3%A9");
  });

  it("the unreserved fast path agrees with full encoding for any text", () => {
    const slow = (t: string): string =>
      encodeURIComponent(t).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }).filter((t) => !/\p{Cs}/u.test(t)),
        ),
        (t) => {
          expect(percentEncode(t)).toBe(slow(t));
        },
      ),
    );
    expect(percentEncode("Az09-._~")).toBe("Az09-._~");
  });

  it("normalises parameters as §3.4.1.3.2 reads: encode, sort by name then value, join", () => {
    const spec = (params: readonly OAuthParam[]): string =>
      params
        .map(([n, v]) => [percentEncode(n), percentEncode(v)] as const)
        .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
        .map(([n, v]) => `${n}=${v}`)
        .join("&");
    const text = fc.oneof(fc.constantFrom("", "a", "a.b", "a b", "é", "=", "&", "%"), fc.string());
    fc.assert(
      // past 16 parameters the list is sorted otherwise (base-string.ts): both ways are read
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 40 }), (params) => {
        expect(normaliseParameters(params)).toBe(spec(params));
      }),
    );
  });

  it("writes the base string's parameters encoded in one pass: the text of §3.4.1.1's second encoding", () => {
    const text = fc.oneof(fc.constantFrom("", "a", "a b", "é", "=", "&", "%", "%25"), fc.string());
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "post"),
        fc.array(fc.tuple(text, text), { maxLength: 12 }),
        (method, params) => {
          const uri = "http://example.com/a b";
          expect(signatureBaseString(method, uri, params)).toBe(
            `${method.toUpperCase()}&${percentEncode(uri)}&${percentEncode(normaliseParameters(params))}`,
          );
        },
      ),
    );
  });

  it("builds the §3.4.1.1 example base string", () => {
    const url = new URL("http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b");
    const params: OAuthParam[] = [
      ...readValue(queryParams(url)),
      ["oauth_consumer_key", "9djdj82h48djs9d2"],
      ["oauth_token", "kkk9d7dh3k39sjv7"],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", "137131201"],
      ["oauth_nonce", "7d8f3e4a"],
      ...readValue(formParams("c2&a3=2+q")),
    ];
    expect(signatureBaseString("POST", baseStringUri(url), params)).toBe(
      "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
    );
  });

  it("drops default ports and lower-cases scheme and host (§3.4.1.2)", () => {
    expect(baseStringUri(new URL("HTTP://Example.COM:80/r?x=1"))).toBe("http://example.com/r");
    expect(baseStringUri(new URL("https://example.com:8443/r"))).toBe("https://example.com:8443/r");
  });

  it("parses what it formats, with and without realm", () => {
    const params: OAuthParam[] = [
      ["oauth_consumer_key", "k y"],
      ["oauth_nonce", "n=&"],
    ];
    expect(parseAuthorizationHeader(formatAuthorizationHeader(params, "Example"))).toEqual({
      ok: true,
      value: params,
    });
    expect(readValue(parseAuthorizationHeader(formatAuthorizationHeader(params)))).toEqual(params);
    expect(readValue(parseAuthorizationHeader('OAuth realm=""'))).toEqual([]);
  });

  it.each([
    ["Basic abc", "not the OAuth scheme"],
    ["OAuthx", "not the OAuth scheme"],
    ['OAuth a="b" junk', 'parameter 1 is not name="value"'],
    ['OAuth a="%ZZ"', "parameter 1 holds a malformed percent escape"],
  ])("refuses a malformed header %j as an issue, never a throw", (h, message) => {
    expect(parseAuthorizationHeader(h)).toEqual({
      ok: false,
      issues: [{ code: "authorization-malformed", pointer: "", message }],
    });
  });

  it("reads a malformed escape in a query or form as a form-malformed issue, never a throw", () => {
    for (const r of [queryParams(new URL("http://x/?a=%ZZ")), formParams("a=1&b=%E9")]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.code)).toEqual(["form-malformed"]);
    }
  });

  it("refuses to encode a lone surrogate (no UTF-8 form): KitError OSK_UNENCODABLE_TEXT", () => {
    const sign = () =>
      signRequest({ method: "GET", url: "http://x/", consumerKey: "k", consumerSecret: "\uD800" });
    for (const call of [() => percentEncode("a\uDC00"), sign])
      expect(call).toThrowError(expect.objectContaining({ code: "OSK_UNENCODABLE_TEXT" }));
  });

  it("refuses to sign a malformed escape the caller composed: KitError OSK_MALFORMED_ESCAPE", () => {
    const input = { method: "POST", consumerKey: "k", consumerSecret: "s" };
    for (const sign of [
      () => signRequest({ ...input, url: "http://x/r?a=%ZZ" }),
      () => signRequest({ ...input, url: "http://x/r", formBody: "a=%E9" }),
    ]) {
      expect(sign).toThrowError(KitError);
      expect(sign).toThrowError(expect.objectContaining({ code: "OSK_MALFORMED_ESCAPE" }));
    }
  });

  it("signs so that the server-side recomputation matches", () => {
    const signed = signRequest({
      method: "GET",
      url: "http://127.0.0.1:8080/os/0.8/people/@me/@self?fields=gender",
      consumerKey: "quiz-key",
      consumerSecret: "quiz-secret",
      requestorId: "example.org:alice",
      nonce: "abc",
      timestamp: 1_700_000_000,
    });
    const url = new URL(signed.url);
    const header = readValue(parseAuthorizationHeader(signed.headers.authorization ?? ""));
    const sig = header.find(([n]) => n === "oauth_signature")?.[1];
    const rest = [
      ...readValue(queryParams(url)),
      ...header.filter(([n]) => n !== "oauth_signature"),
    ];
    expect(
      hmacSha1(signingKey("quiz-secret"), signatureBaseString("GET", baseStringUri(url), rest)),
    ).toBe(sig);
    expect(url.searchParams.get("xoauth_requestor_id")).toBe("example.org:alice");
  });
});
