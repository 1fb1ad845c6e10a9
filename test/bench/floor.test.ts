/**
 * The bench's floor target (bench/server/floor.mjs) really verifies: a lower bound that skipped a
 * check would flatter the goal it is set against.
 */
import { describe, expect, it } from "vitest";
import { floorAnswer } from "../../bench/server/floor.mjs";
import { signRequest } from "../../src/oauth/index.js";

const URL_BASE = "http://127.0.0.1:1234";
const PATH = "/os/0.8/people/@me/@self";

function request(over: { secret?: string; nonce?: string; timestamp?: number; host?: string }) {
  const s = signRequest({
    method: "GET",
    url: URL_BASE + PATH,
    consumerKey: "quiz-key",
    consumerSecret: over.secret ?? "quiz secret+1/é",
    requestorId: "example.org:alice",
    nonce: over.nonce ?? `floor-${Math.random()}`,
    ...(over.timestamp !== undefined ? { timestamp: over.timestamp } : {}),
  });
  const u = new URL(s.url);
  return {
    url: u.pathname + u.search,
    headers: { host: over.host ?? "127.0.0.1:1234", ...s.headers },
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
    expect(floorAnswer(r)[0]).toBe(401);
  });
  it("refuses another secret, another host and a stale timestamp (P-AUTH-1, P-AUTH-3)", () => {
    expect(floorAnswer(request({ secret: "other" }))[0]).toBe(401);
    expect(floorAnswer(request({ host: "127.0.0.1:9999" }))[0]).toBe(401);
    expect(floorAnswer(request({ timestamp: Math.floor(Date.now() / 1000) - 301 }))[0]).toBe(401);
  });
});
