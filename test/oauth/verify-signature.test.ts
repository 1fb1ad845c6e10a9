// verifySignature, the library's verifier (P-AUTH-1..3, P-AUTH-6): whatever signRequest signs
// verifies, any change to what a signature covers does not, every refusal has its code (one
// table), each deployed client's reading of P-AUTH-6 is accepted and none without the secret.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ISSUE_CODES, type Result } from "../../src/model/issue.js";
import { TIMESTAMP_WINDOW_S } from "../../src/model/limits.js";
import {
  baseStringUri,
  bodyHash,
  bodyHashHex,
  formatAuthorizationHeader,
  hmacSha1,
  type OAuthParam,
  queryParams,
  type RequestToVerify,
  rawSigningKey,
  type SignRequestInput,
  signatureBaseString,
  signingKey,
  signRequest,
  type VerifiedRequest,
  verifySignature,
} from "../../src/oauth/index.js";

const SECRET = "kd94hf93k423kf44+/é";
const CONSUMERS = new Map([["key-1", { consumerSecret: SECRET, name: "one" }]]);
const NOW_S = 1_800_000_000;
const FORM = "application/x-www-form-urlencoded";
const bytes = (t: string): Uint8Array => new TextEncoder().encode(t);

/** The request a server receives for `input` signed by signRequest. */
function received(
  input: Partial<SignRequestInput> & { contentType?: string },
  secret = SECRET,
): RequestToVerify {
  const { contentType, ...rest } = input;
  const signed = signRequest({
    method: "GET",
    url: "http://api.example:8080/os/0.8/people/@me/@self",
    consumerKey: "key-1",
    consumerSecret: secret,
    requestorId: "example.org:alice",
    timestamp: NOW_S,
    ...rest,
  });
  const url = new URL(signed.url);
  const query = queryParams(url);
  if (!query.ok) throw new Error("unreadable query");
  const body = input.formBody ?? input.body;
  return {
    method: input.method ?? "GET",
    uri: baseStringUri(url),
    query: query.value,
    authorization: signed.headers.authorization,
    contentType: contentType ?? (input.formBody === undefined ? undefined : FORM),
    body: typeof body === "string" ? bytes(body) : body,
  };
}

const verify = (r: RequestToVerify, nowS = NOW_S) =>
  verifySignature(r, { consumer: (k) => CONSUMERS.get(k), nowMs: nowS * 1000 });

/** The code of a refusal (and that it has exactly one issue of a known code). */
function codeOf(r: Result<unknown>): string {
  if (r.ok) return "accepted";
  expect(r.issues).toHaveLength(1);
  expect(ISSUE_CODES).toContain(r.issues[0]?.code);
  return r.issues[0]?.code ?? "";
}

/** A header with `params` (the signature need not match). */
function withHeader(params: readonly OAuthParam[]): RequestToVerify {
  return {
    method: "GET",
    uri: "http://api.example/os/0.8/people/@me/@self",
    query: [],
    authorization: formatAuthorizationHeader(params),
  };
}
const PROTOCOL: OAuthParam[] = [
  ["oauth_consumer_key", "key-1"],
  ["oauth_nonce", "n1"],
  ["oauth_signature_method", "HMAC-SHA1"],
  ["oauth_timestamp", String(NOW_S)],
  ["oauth_version", "1.0"],
  ["oauth_signature", "c2lnbmF0dXJl"],
];
const replaced = (name: string, value: string | undefined): OAuthParam[] =>
  value === undefined
    ? PROTOCOL.filter(([n]) => n !== name)
    : PROTOCOL.map(([n, v]) => [n, n === name ? value : v]);

describe("verifySignature: what signRequest signs verifies", () => {
  it("returns the consumer, key, nonce, timestamp and requestor", () => {
    const r = verify(received({ nonce: "abc123" }));
    expect(r).toEqual({
      ok: true,
      value: {
        consumer: CONSUMERS.get("key-1"),
        consumerKey: "key-1",
        nonce: "abc123",
        timestamp: NOW_S,
        requestorId: "example.org:alice",
      } satisfies VerifiedRequest<unknown>,
    });
  });

  it("any method, query, placement, secret and body (form or JSON with a body hash)", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 12 });
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PUT", "DELETE"),
        fc.array(fc.tuple(text, text), { maxLength: 4 }),
        fc.constantFrom<"header" | "query">("header", "query"),
        text,
        fc.option(fc.array(fc.tuple(text, text), { maxLength: 4 }), { nil: undefined }),
        fc.option(fc.dictionary(text, text, { maxKeys: 3 }), { nil: undefined }),
        (method, query, placement, secret, form, json) => {
          const url = new URL("http://api.example/os/0.8/appdata/@me/@self/@app");
          for (const [k, v] of query) url.searchParams.append(`q${k}`, v);
          const formBody =
            form === undefined ? undefined : new URLSearchParams(form).toString() || undefined;
          const body = json === undefined ? undefined : JSON.stringify(json);
          const input = {
            method,
            url: url.toString(),
            placement,
            ...(formBody !== undefined ? { formBody } : {}),
            ...(formBody === undefined && body !== undefined
              ? { body, bodyHash: true, contentType: "application/json" }
              : {}),
          };
          const consumers = new Map([["key-1", { consumerSecret: secret }]]);
          const check = (r: RequestToVerify) =>
            verifySignature(r, { consumer: (k) => consumers.get(k), nowMs: NOW_S * 1000 });
          const good = received(input, secret);
          expect(codeOf(check(good))).toBe("accepted");
          // what the signature covers, changed: the method, the URI, a query parameter, the body
          const other = method === "GET" ? "POST" : "GET";
          expect(codeOf(check({ ...good, method: other }))).toBe("oauth-signature");
          expect(codeOf(check({ ...good, uri: `${good.uri}x` }))).toBe("oauth-signature");
          expect(codeOf(check({ ...good, query: [...good.query, ["extra", "1"]] }))).toBe(
            "oauth-signature",
          );
          if (formBody !== undefined)
            expect(codeOf(check({ ...good, body: bytes(`${formBody}&z=1`) }))).toBe(
              "oauth-signature",
            );
          if (body !== undefined && formBody === undefined)
            expect(codeOf(check({ ...good, body: bytes(`${body} `) }))).toBe("oauth-body-hash");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("another secret never verifies", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (secret) => {
        fc.pre(secret !== SECRET && encodeURIComponent(secret) !== SECRET);
        expect(codeOf(verify(received({}, secret)))).toBe("oauth-signature");
      }),
    );
  });
});

describe("verifySignature: every refusal has its code (P-AUTH-3: each a 400)", () => {
  const signed = received({});
  it.each<[string, RequestToVerify, string]>([
    [
      "a malformed header",
      { ...signed, authorization: 'OAuth oauth_consumer_key="x' },
      "authorization-malformed",
    ],
    ["no OAuth parameters", { ...signed, authorization: undefined }, "oauth-malformed"],
    ["another scheme", { ...signed, authorization: "Basic dXNlcjpwdw==" }, "oauth-malformed"],
    ["no oauth_nonce", withHeader(replaced("oauth_nonce", undefined)), "oauth-malformed"],
    ["no oauth_signature", withHeader(replaced("oauth_signature", undefined)), "oauth-malformed"],
    ["PLAINTEXT", withHeader(replaced("oauth_signature_method", "PLAINTEXT")), "oauth-malformed"],
    [
      "no signature method",
      withHeader(replaced("oauth_signature_method", undefined)),
      "oauth-malformed",
    ],
    ["oauth_version 2.0", withHeader(replaced("oauth_version", "2.0")), "oauth-malformed"],
    ["a token", withHeader([...PROTOCOL, ["oauth_token", "t"]]), "oauth-malformed"],
    ["an empty nonce", withHeader(replaced("oauth_nonce", "")), "oauth-malformed"],
    [
      "a nonce of 257 characters",
      withHeader(replaced("oauth_nonce", "n".repeat(257))),
      "oauth-malformed",
    ],
    ["an empty timestamp", withHeader(replaced("oauth_timestamp", "")), "oauth-malformed"],
    [
      "a timestamp in milliseconds' notation",
      withHeader(replaced("oauth_timestamp", "1.8e9")),
      "oauth-malformed",
    ],
    [
      "a timestamp of 13 digits",
      withHeader(replaced("oauth_timestamp", "1".repeat(13))),
      "oauth-malformed",
    ],
    [
      "a parameter with two values (header and query)",
      { ...withHeader(PROTOCOL), query: [["oauth_nonce", "n2"]] },
      "oauth-malformed",
    ],
    [
      "a timestamp 301 s late",
      received({ timestamp: NOW_S - TIMESTAMP_WINDOW_S - 1 }),
      "oauth-timestamp",
    ],
    [
      "a timestamp 301 s early",
      received({ timestamp: NOW_S + TIMESTAMP_WINDOW_S + 1 }),
      "oauth-timestamp",
    ],
    [
      "an unknown consumer key",
      withHeader(replaced("oauth_consumer_key", "key-2")),
      "oauth-unknown-consumer",
    ],
    [
      "a body hash of another body",
      {
        ...received({ method: "POST", body: '{"a":"1"}', bodyHash: true }),
        body: bytes('{"a":"2"}'),
      },
      "oauth-body-hash",
    ],
    ["a signature of another secret", received({}, "wrong"), "oauth-signature"],
  ])("%s → %s", (_, request, code) => {
    const r = verify(request);
    expect(codeOf(r)).toBe(code);
    // no message repeats what was sent (P-AUTH-3's error bodies echo no credential)
    for (const i of r.ok ? [] : r.issues)
      for (const value of ["c2lnbmF0dXJl", "key-2", "n".repeat(257), SECRET, "2.0", "1.8e9"])
        expect(i.message).not.toContain(value);
  });

  it("the window's edges are inside it", () => {
    for (const t of [NOW_S - TIMESTAMP_WINDOW_S, NOW_S + TIMESTAMP_WINDOW_S])
      expect(codeOf(verify(received({ timestamp: t })))).toBe("accepted");
  });

  it("an empty oauth_token, as some libraries send, is ignored", () => {
    const url = "http://api.example/os/0.8/people/@me/@self";
    const params: OAuthParam[] = [...PROTOCOL.slice(0, 5), ["oauth_token", ""]];
    const base = signatureBaseString("GET", url, params);
    const sig = hmacSha1(signingKey(SECRET), base);
    const r = verify({
      method: "GET",
      uri: url,
      query: [],
      authorization: formatAuthorizationHeader([...params, ["oauth_signature", sig]]),
    });
    expect(codeOf(r)).toBe("accepted");
  });
});

describe("verifySignature: P-AUTH-6, signatures as deployed clients make them", () => {
  const URI = "http://api.example/os/0.8/appdata/@me/@self/@app";
  /** A request signed over `signedParams` with `key`, sending `params` and `body`. */
  function made(
    signedParams: readonly OAuthParam[],
    key: string,
    extra: Partial<RequestToVerify> = {},
    params: readonly OAuthParam[] = PROTOCOL.slice(0, 5),
  ): RequestToVerify {
    const sig = hmacSha1(key, signatureBaseString("POST", URI, signedParams));
    return {
      method: "POST",
      uri: URI,
      query: [],
      authorization: formatAuthorizationHeader([...params, ["oauth_signature", sig]]),
      ...extra,
    };
  }
  const base = PROTOCOL.slice(0, 5);
  const json = '{"k":"v"}';
  const withHash = (hash: string): OAuthParam[] => [...base, ["oauth_body_hash", hash]];

  const encoded = signingKey(SECRET);
  it.each<[string, string, (key: string) => RequestToVerify]>([
    ["the key from the raw secret", rawSigningKey(SECRET), (k) => made(base, k)],
    [
      "a JSON body signed as one parameter with an empty value (the OpenSocial PHP client)",
      encoded,
      (k) => made([...base, [json, ""]], k, { contentType: FORM, body: bytes(json) }),
    ],
    [
      "oauth_body_hash in hex",
      encoded,
      (k) =>
        made(
          withHash(bodyHashHex(json)),
          k,
          { contentType: "application/json", body: bytes(json) },
          withHash(bodyHashHex(json)),
        ),
    ],
    [
      "a parameter repeated with the same value in header and query, counted once",
      encoded,
      (k) => made(base, k, { query: [["oauth_nonce", "n1"]] }),
    ],
    [
      "a form-labelled JSON body with a matching body hash, signed without body parameters (osapi)",
      encoded,
      (k) =>
        made(
          withHash(bodyHash(json)),
          k,
          { contentType: FORM, body: bytes(json) },
          withHash(bodyHash(json)),
        ),
    ],
  ])("%s; with another key it fails", (_, key, request) => {
    expect(codeOf(verify(request(key)))).toBe("accepted");
    expect(codeOf(verify(request("wrong")))).toBe("oauth-signature");
  });

  it("a form-labelled JSON body without a body hash must be signed over some parameter reading", () => {
    const r = made(base, signingKey(SECRET), { contentType: FORM, body: bytes(json) });
    expect(codeOf(verify(r))).toBe("oauth-signature");
  });
});
