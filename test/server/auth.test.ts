/**
 * Authentication over real HTTP (social-api.md §5, P-AUTH-1..5, P-ERR-1): two-legged OAuth
 * 1.0a with the real signer; every failure is 400 with a JSON body that echoes no secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyHash,
  formatAuthorizationHeader,
  hmacSha1,
  signatureBaseString,
  signingKey,
} from "../../src/oauth/index.js";
import { requestUri } from "../../src/server/auth/verify.js";
import { answerOf, call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

const SELF = "/os/0.8/people/@me/@self";

function expectAuthFault(r: { status: number; json: unknown; text: string }): void {
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ error: { code: 400 } });
  expect(r.text).not.toMatch(/quiz secret\+1\/é|quiz%20secret|oauth_signature=|oauth_nonce/);
}

describe("P-AUTH-1/2: accepted credentials", () => {
  it("header-placed parameters sign a GET", async () => {
    expect((await call(s.url, { path: SELF })).status).toBe(200);
  });
  it("query-placed parameters sign a GET", async () => {
    expect((await call(s.url, { path: SELF, placement: "query" })).status).toBe(200);
  });
  it("the consumer key selects @app: hasApp follows the calling app", async () => {
    const quiz = await call(s.url, { path: "/os/0.8/people/@me/@friends" });
    const notes = await call(s.url, { path: "/os/0.8/people/@me/@friends", app: "notes" });
    const bobHasApp = (r: { json: unknown }) =>
      (r.json as { entry: { id: string; hasApp: boolean }[] }).entry.find(
        (p) => p.id === "example.org:bob",
      )?.hasApp;
    expect(bobHasApp(quiz)).toBe(true);
    expect(bobHasApp(notes)).toBe(false);
  });
  it("xoauth_requestor_id names the viewer (@me)", async () => {
    const r = await call(s.url, { path: SELF, as: "example.org:bob" });
    expect((r.json as { entry: { id: string } }).entry.id).toBe("example.org:bob");
  });
  it("a form body is part of the signature; a JSON body is not (P-AUTH-2)", async () => {
    const form = await call(s.url, {
      method: "POST",
      path: "/os/0.8/appdata/@me/@self/@app",
      body: "a=1&b=2",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(200);
    const json = await call(s.url, {
      method: "POST",
      path: "/os/0.8/appdata/@me/@self/@app",
      json: { a: "1" },
    });
    expect(json.status).toBe(200);
  });
  it("oauth_body_hash is checked when present (P-AUTH-2)", async () => {
    const okHash = await call(s.url, {
      method: "POST",
      path: "/os/0.8/appdata/@me/@self/@app",
      json: { h: "1" },
      bodyHash: true,
    });
    expect(okHash.status).toBe(200);
  });
});

describe("P-AUTH-3: every authentication fault is 400", () => {
  it("no credentials at all", async () => {
    expectAuthFault(await call(s.url, { path: SELF, unsigned: true }));
  });
  it("a malformed Authorization header", async () => {
    expectAuthFault(
      await call(s.url, {
        path: SELF,
        unsigned: true,
        headers: { authorization: 'OAuth oauth_consumer_key="x' },
      }),
    );
  });
  it("a wrong secret (bad signature)", async () => {
    expectAuthFault(
      await call(s.url, { path: SELF, app: { consumerKey: "quiz-key", consumerSecret: "wrong" } }),
    );
  });
  it("an unknown consumer key", async () => {
    expectAuthFault(
      await call(s.url, {
        path: SELF,
        app: { consumerKey: "nope", consumerSecret: "quiz secret+1/é" },
      }),
    );
  });
  it("a timestamp more than 300 s away, either side", async () => {
    const now = Math.floor(Date.now() / 1000);
    expectAuthFault(await call(s.url, { path: SELF, timestamp: now - 400 }));
    expectAuthFault(await call(s.url, { path: SELF, timestamp: now + 400 }));
    expect((await call(s.url, { path: SELF, timestamp: now - 200 })).status).toBe(200);
  });
  it("a reused nonce within the window", async () => {
    const nonce = `replay-${Date.now()}`;
    expect((await call(s.url, { path: SELF, nonce })).status).toBe(200);
    expectAuthFault(await call(s.url, { path: SELF, nonce }));
  });
  it("a nonce reused with a new timestamp: the pair is consumer key and nonce (P-AUTH-3)", async () => {
    const nonce = `retimed-${Date.now()}`;
    const now = Math.floor(Date.now() / 1000);
    expect((await call(s.url, { path: SELF, nonce, timestamp: now - 10 })).status).toBe(200);
    expectAuthFault(await call(s.url, { path: SELF, nonce, timestamp: now }));
  });
  it("a nonce is recorded only once its signature verifies", async () => {
    const nonce = `late-${Date.now()}`;
    expectAuthFault(
      await call(s.url, {
        path: SELF,
        nonce,
        app: { consumerKey: "quiz-key", consumerSecret: "bad" },
      }),
    );
    expect((await call(s.url, { path: SELF, nonce })).status).toBe(200);
  });
  it("a missing xoauth_requestor_id", async () => {
    expectAuthFault(await call(s.url, { path: SELF, as: null }));
  });
  it("an unknown xoauth_requestor_id", async () => {
    expectAuthFault(await call(s.url, { path: SELF, as: "example.org:mallory" }));
  });
  it("a body that does not match oauth_body_hash", async () => {
    const url = `${s.url}/os/0.8/appdata/@me/@self/@app?xoauth_requestor_id=example.org%3Aalice`;
    const params: [string, string][] = [
      ["oauth_consumer_key", "quiz-key"],
      ["oauth_nonce", `bh-${Date.now()}`],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", String(Math.floor(Date.now() / 1000))],
      ["oauth_version", "1.0"],
      ["oauth_body_hash", "2jmj7l5rSw0yVb/vlWAYkK/YBwk="],
    ];
    const base = signatureBaseString("POST", url.split("?")[0] ?? "", [
      ...params,
      ["xoauth_requestor_id", "example.org:alice"],
    ]);
    const sig = hmacSha1(signingKey("quiz secret+1/é"), base);
    const r = await fetch(url, {
      method: "POST",
      headers: {
        authorization: formatAuthorizationHeader([...params, ["oauth_signature", sig]]),
        "content-type": "application/json",
      },
      body: '{"a":"1"}',
    });
    expect(r.status).toBe(400);
  });
  it("a signature method other than HMAC-SHA1", async () => {
    const r = await call(s.url, {
      path: SELF,
      headers: {
        authorization:
          'OAuth oauth_consumer_key="quiz-key", oauth_signature_method="PLAINTEXT", oauth_signature="quiz%20secret%2B1%2F%C3%A9%26", oauth_timestamp="1", oauth_nonce="n"',
      },
    });
    expectAuthFault(r);
  });
  it("two different values for one OAuth parameter (header and query)", async () => {
    const r = await call(s.url, { path: `${SELF}?oauth_nonce=other` });
    expectAuthFault(r);
  });
  it("two different values for one OAuth parameter, both in the query or both in the header, all signed (rev. 5)", async () => {
    const query = await call(s.url, {
      path: `${SELF}?oauth_nonce=second-${Date.now()}`,
      placement: "query",
    });
    expectAuthFault(query);
    const twice = await signedFetch({
      path: SELF,
      oauth: [["oauth_nonce", `extra-${Date.now()}`]],
    });
    expectAuthFault(twice);
    // The same value twice is counted once (P-AUTH-6).
    const same = await signedFetch({ path: SELF, oauth: [["oauth_version", "1.0"]] });
    expect(same.status).toBe(200);
  });
  it("a non-empty oauth_token → 400; an empty one is ignored (rev. 5)", async () => {
    expectAuthFault(await signedFetch({ path: SELF, oauth: [["oauth_token", "abc"]] }));
    expectAuthFault(await call(s.url, { path: `${SELF}?oauth_token=abc` }));
    expect((await signedFetch({ path: SELF, oauth: [["oauth_token", ""]] })).status).toBe(200);
    expect((await call(s.url, { path: `${SELF}?oauth_token=` })).status).toBe(200);
  });
  it("an oauth_body_hash that does not match a signed form body → 400 (P-AUTH-2 rev. 5)", async () => {
    const path = "/os/0.8/appdata/@me/@self/@app";
    const body = "formhash=1";
    const wrong = await signedFetch({
      method: "POST",
      path,
      body,
      oauth: [["oauth_body_hash", "2jmj7l5rSw0yVb/vlWAYkK/YBwk="]],
    });
    expectAuthFault(wrong);
    const read = await call(s.url, { path: `${path}?fields=formhash` });
    expect(JSON.stringify(read.json)).not.toContain("formhash");
    const right = await signedFetch({
      method: "POST",
      path,
      body,
      oauth: [["oauth_body_hash", bodyHash(body)]],
    });
    expect(right.status).toBe(200);
  });
  it("a + in a signed query is a space, in the base string as in the value (P-AUTH-2 rev. 5)", async () => {
    expect((await call(s.url, { path: `${SELF}?note=a+b` })).status).toBe(200);
    const literal = await signedFetch({
      path: SELF,
      query: "note=a+b",
      signQueryAs: [["note", "a+b"]],
    });
    expectAuthFault(literal);
  });
});

/**
 * Sends a request signed by hand: `oauth` parameters are added to the Authorization header (a
 * repeated name gives it twice, both signed); a form `body` is signed as parameters;
 * `signQueryAs` replaces the query's parameters in the base string.
 */
async function signedFetch(r: {
  method?: string;
  path: string;
  query?: string;
  body?: string;
  oauth?: [string, string][];
  signQueryAs?: [string, string][];
}) {
  const method = r.method ?? "GET";
  const query = `xoauth_requestor_id=example.org%3Aalice${r.query ? `&${r.query}` : ""}`;
  const url = `${s.url}${r.path}?${query}`;
  const params: [string, string][] = [
    ["oauth_consumer_key", "quiz-key"],
    ["oauth_nonce", `hand-${Date.now()}-${Math.random()}`],
    ["oauth_signature_method", "HMAC-SHA1"],
    ["oauth_timestamp", String(Math.floor(Date.now() / 1000))],
    ["oauth_version", "1.0"],
    ...(r.oauth ?? []),
  ];
  const queryParams: [string, string][] = r.signQueryAs
    ? [["xoauth_requestor_id", "example.org:alice"], ...r.signQueryAs]
    : [...new URLSearchParams(query)];
  const bodyParams: [string, string][] = r.body ? [...new URLSearchParams(r.body)] : [];
  const base = signatureBaseString(method, `${s.url}${r.path}`, [
    ...params,
    ...queryParams,
    ...bodyParams,
  ]);
  const sig = hmacSha1(signingKey("quiz secret+1/é"), base);
  const res = await fetch(url, {
    method,
    headers: {
      authorization: formatAuthorizationHeader([...params, ["oauth_signature", sig]]),
      ...(r.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(r.body ? { body: r.body } : {}),
  });
  return answerOf(res);
}

describe("P-AUTH-4/5: identities", () => {
  it("a bare requestor value names the same user, responses carry the full id", async () => {
    const r = await call(s.url, { path: SELF, as: "alice" });
    expect(r.status).toBe(200);
    expect((r.json as { entry: { id: string } }).entry.id).toBe("example.org:alice");
  });
  it("the viewer's own id and @me are interchangeable", async () => {
    const a = await call(s.url, { path: "/os/0.8/people/example.org:alice/@self" });
    const b = await call(s.url, { path: SELF });
    expect(a.json).toEqual(b.json);
  });
  it("a viewer without the calling app → 403 (P-AUTH-5)", async () => {
    const r = await call(s.url, { path: SELF, as: "example.org:carol" });
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ error: { code: 403 } });
  });
});

describe("requestUri: the base string URI from Host (RFC 5849 §3.4.1.2, P-AUTH-7)", () => {
  it.each([
    ["Example.ORG:80", "http://example.org/os/0.8/x"],
    ["example.org:8080", "http://example.org:8080/os/0.8/x"],
    ["127.0.0.1:8800", "http://127.0.0.1:8800/os/0.8/x"],
  ])("Host %s → %s", (host, uri) => {
    expect(requestUri(host, "/os/0.8/x")).toBe(uri);
  });
  it.each([[undefined], [""], ["bad host"], ["a/b"]])("Host %j → 400", (host) => {
    expect(requestUri(host, "/os/0.8/x")).toMatchObject({
      status: 400,
      message: "authentication failed: missing or malformed Host",
    });
  });
  it("a configured public origin replaces Host, whatever Host says", () => {
    expect(requestUri("bad host", "/os/0.8/x", "https://sandbox.example")).toBe(
      "https://sandbox.example/os/0.8/x",
    );
  });
});
