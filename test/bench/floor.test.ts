/**
 * The bench's floor target (bench/server/floor.mjs) really verifies: a lower bound that skipped a
 * check would flatter the goal it is set against.
 */
import { describe, expect, it } from "vitest";
import { floorAnswer } from "../../bench/server/floor.mjs";
import {
  formatAuthorizationHeader,
  hmacSha1,
  percentEncode,
  signatureBaseString,
  signingKey,
  signRequest,
} from "../../src/oauth/index.js";

const URL_BASE = "http://127.0.0.1:1234";
const PATH = "/os/0.8/people/@me/@self";

function request(over: {
  secret?: string;
  nonce?: string;
  timestamp?: number;
  host?: string;
  requestor?: string;
}): { url: string; headers: Record<string, string> } {
  const s = signRequest({
    method: "GET",
    url: URL_BASE + PATH,
    consumerKey: "quiz-key",
    consumerSecret: over.secret ?? "quiz secret+1/é",
    requestorId: over.requestor ?? "example.org:alice",
    nonce: over.nonce ?? `floor-${Math.random()}`,
    ...(over.timestamp !== undefined ? { timestamp: over.timestamp } : {}),
  });
  const u = new URL(s.url);
  return {
    url: u.pathname + u.search,
    headers: { host: over.host ?? "127.0.0.1:1234", ...s.headers },
  };
}

/** A request signed over exactly these OAuth parameters and requestor (null: none). */
function signedWith(
  over: Record<string, string>,
  requestor: string | null = "example.org:alice",
): { url: string; headers: Record<string, string> } {
  const oauth: [string, string][] = Object.entries({
    oauth_consumer_key: "quiz-key",
    oauth_nonce: `floor-${Math.random()}`,
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: "1.0",
    ...over,
  });
  const query: [string, string][] = requestor === null ? [] : [["xoauth_requestor_id", requestor]];
  const base = signatureBaseString("GET", URL_BASE + PATH, [...oauth, ...query]);
  const signature = hmacSha1(signingKey("quiz secret+1/é"), base);
  return {
    url: requestor === null ? PATH : `${PATH}?xoauth_requestor_id=${percentEncode(requestor)}`,
    headers: {
      host: "127.0.0.1:1234",
      authorization: formatAuthorizationHeader([...oauth, ["oauth_signature", signature]]),
    },
  };
}

describe("bench floor target", () => {
  it("answers a signed request with the person", () => {
    const [status, body] = floorAnswer(request({}));
    expect(status).toBe(200);
    expect(JSON.parse(body).entry.id).toBe("example.org:alice");
  });
  it("refuses a replayed nonce (P-AUTH-3)", () => {
    const r = request({ nonce: "floor-replayed" });
    expect(floorAnswer(r)[0]).toBe(200);
    expect(floorAnswer(r)[0]).toBe(400);
  });
  it("refuses another secret, another host, a stale or future timestamp (P-AUTH-1, P-AUTH-3)", () => {
    const now = Math.floor(Date.now() / 1000);
    expect(floorAnswer(request({ secret: "other" }))[0]).toBe(400);
    expect(floorAnswer(request({ host: "127.0.0.1:9999" }))[0]).toBe(400);
    expect(floorAnswer(request({ timestamp: now - 301 }))[0]).toBe(400);
    expect(floorAnswer(request({ timestamp: now + 301 }))[0]).toBe(400);
  });

  it("refuses a timestamp that is not decimal, a missing or unknown requestor, an empty nonce", () => {
    // each request is signed as it is sent: only the floor's checks can refuse it
    const now = String(Math.floor(Date.now() / 1000));
    expect(floorAnswer(signedWith({ oauth_timestamp: `${now}.0` }))[0]).toBe(400);
    expect(floorAnswer(signedWith({ oauth_timestamp: "1e9" }))[0]).toBe(400);
    expect(floorAnswer(signedWith({ oauth_nonce: "" }))[0]).toBe(400);
    expect(floorAnswer(signedWith({}, "example.org:mallory"))[0]).toBe(400);
    expect(floorAnswer(signedWith({}, null))[0]).toBe(400);
    expect(floorAnswer(signedWith({}))[0]).toBe(200);
  });
});
