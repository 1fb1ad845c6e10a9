/**
 * Signing modes: a valid signature verifies with the OAuth primitives the server uses; every
 * wrong mode does not; deployed-client shapes still prove knowledge of the same secret.
 */
import { describe, expect, it } from "vitest";
import { normaliseAuth, type SignInput, sign } from "../../../src/conformance/request/signing.js";
import {
  baseStringUri,
  formParams,
  hmacSha1,
  parseAuthorizationHeader,
  rawSigningKey,
  signatureBaseString,
  signingKey,
} from "../../../src/oauth/index.js";

const app = { consumerKey: "quiz-key", consumerSecret: "quiz secret&" };
const base = (over: Partial<SignInput> = {}): SignInput => ({
  method: "GET",
  origin: "http://127.0.0.1:8080",
  path: "/os/0.8/people/@me/@self",
  query: "fields=gender",
  app,
  requestor: "example.org:alice",
  auth: normaliseAuth({ mode: "valid" }),
  now: 1_800_000_000,
  nonce: "n0",
  ...over,
});

/** Verifies like a server: collect header + query params, rebuild the base string, compare. */
function verifies(
  input: SignInput,
  key = signingKey(app.consumerSecret),
  extra: [string, string][] = [],
): boolean {
  const out = sign(input);
  const read = out.headers.authorization
    ? parseAuthorizationHeader(out.headers.authorization)
    : undefined;
  const header = read?.ok ? read.value : [];
  const form = formParams(out.query);
  const query = form.ok ? form.value : [];
  const params = [
    ...query,
    ...header.filter((p) => !query.some((q) => q[0] === p[0] && q[1] === p[1])),
  ];
  const sig = params.find(([n]) => n === "oauth_signature")?.[1];
  const rest = params.filter(([n]) => n !== "oauth_signature");
  const bs = signatureBaseString(input.method, baseStringUri(new URL(input.origin + input.path)), [
    ...rest,
    ...extra,
  ]);
  return sig === hmacSha1(key, bs);
}

describe("signing modes", () => {
  it("valid header, query and header+query signatures verify", () => {
    expect(verifies(base())).toBe(true);
    expect(verifies(base({ auth: normaliseAuth({ mode: "valid", placement: "query" }) }))).toBe(
      true,
    );
    expect(
      verifies(base({ auth: normaliseAuth({ mode: "valid", placement: "header+query" }) })),
    ).toBe(true);
    expect(verifies(base({ auth: normaliseAuth({ mode: "valid", realm: "" }) }))).toBe(true);
    expect(
      sign(base({ auth: normaliseAuth({ mode: "valid", realm: "" }) })).headers.authorization,
    ).toMatch(/^OAuth realm="",/);
  });
  it("wrong secret, bad signature and unknown consumer do not verify", () => {
    for (const mode of ["wrong-secret", "bad-signature", "unknown-consumer"] as const)
      expect(verifies(base({ auth: normaliseAuth({ mode }) })), mode).toBe(false);
  });
  it("a stale timestamp is an hour old, a future one an hour ahead; none sends no OAuth parameter", () => {
    const out = sign(base({ auth: normaliseAuth({ mode: "stale-timestamp" }) }));
    expect(out.headers.authorization).toContain(`oauth_timestamp="${1_800_000_000 - 3600}"`);
    const ahead = sign(base({ auth: normaliseAuth({ mode: "future-timestamp" }) }));
    expect(ahead.headers.authorization).toContain(`oauth_timestamp="${1_800_000_000 + 3600}"`);
    const none = sign(base({ auth: normaliseAuth({ mode: "none" }) }));
    expect(none.headers).toEqual({});
    expect(none.query).toBe("fields=gender&xoauth_requestor_id=example.org%3Aalice");
  });
  it("a raw-secret key verifies with the raw key only", () => {
    const input = base({ auth: normaliseAuth({ mode: "valid", key: "raw" }) });
    expect(verifies(input, rawSigningKey(app.consumerSecret))).toBe(true);
    expect(verifies(input)).toBe(false);
  });
  it("a JSON body signed as one parameter (PHP client) includes the body text as a name", () => {
    const body = new TextEncoder().encode('{"k":"v"}');
    const input = base({
      method: "POST",
      body,
      contentType: "application/json",
      auth: normaliseAuth({ mode: "valid", body: "param" }),
    });
    expect(verifies(input, undefined, [['{"k":"v"}', ""]])).toBe(true);
    expect(verifies(input)).toBe(false);
  });
  it("form bodies are signed unless told otherwise; hex and base64 body hashes are added", () => {
    const body = new TextEncoder().encode("a=1&b=2");
    const form = {
      method: "POST",
      body,
      contentType: "application/x-www-form-urlencoded",
    } as const;
    expect(
      verifies(base({ ...form }), undefined, [
        ["a", "1"],
        ["b", "2"],
      ]),
    ).toBe(true);
    expect(
      verifies(base({ ...form, auth: normaliseAuth({ mode: "valid", body: "unsigned" }) })),
    ).toBe(true);
    const hex = sign(
      base({
        ...form,
        contentType: "application/json",
        auth: normaliseAuth({ mode: "valid", body: "hash-hex" }),
      }),
    );
    expect(hex.headers.authorization).toMatch(/oauth_body_hash="[0-9a-f]{40}"/);
  });
  it("a trailing query part is signed and placed last", () => {
    const out = sign(base({ trailing: "&" }));
    expect(out.query.endsWith("&")).toBe(true);
    expect(verifies(base({ trailing: "&" }))).toBe(true);
  });
});

describe("protocol parameter changes (P-AUTH-3 cases)", () => {
  const params = (input: SignInput) => {
    const read = parseAuthorizationHeader(sign(input).headers.authorization ?? "");
    return read.ok ? read.value : [];
  };

  it("replaces, adds and leaves out parameters before signing, so the signature still verifies", () => {
    const input = base({
      auth: normaliseAuth({
        mode: "valid",
        protocol: { oauth_timestamp: "1x1", oauth_token: "abc", oauth_version: null },
      }),
    });
    const sent = new Map(params(input));
    expect(sent.get("oauth_timestamp")).toBe("1x1");
    expect(sent.get("oauth_token")).toBe("abc");
    expect(sent.has("oauth_version")).toBe(false);
    expect(verifies(input)).toBe(true);
  });

  it("applies oauth_signature after signing: left out, or replaced", () => {
    const without = base({
      auth: normaliseAuth({ mode: "valid", protocol: { oauth_signature: null } }),
    });
    expect(params(without).some(([n]) => n === "oauth_signature")).toBe(false);
    const other = base({
      auth: normaliseAuth({ mode: "valid", protocol: { oauth_signature: "x" } }),
    });
    expect(new Map(params(other)).get("oauth_signature")).toBe("x");
  });
});
