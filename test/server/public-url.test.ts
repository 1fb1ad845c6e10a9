/**
 * P-AUTH-7 (profile revision 4): behind a TLS-terminating proxy, signatures are checked against
 * the configured public origin (`createServer({ publicUrl })`, `serve --public-url`).
 */
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/oauth/index.js";
import { createServer, memoryStore, publicOrigin } from "../../src/server/index.js";
import { APPS, bundledWorld } from "./harness.js";

function server(publicUrl?: string) {
  return createServer({
    world: bundledWorld(),
    store: memoryStore(),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
  });
}

/** A GET signed for `signedFor` (scheme, host, port), delivered with `host` as a proxy forwards it. */
function signedGet(signedFor: string, host: string) {
  const signed = signRequest({
    method: "GET",
    url: `${signedFor}/os/0.8/people/@me/@self`,
    ...APPS.quiz,
    requestorId: "example.org:alice",
  });
  const u = new URL(signed.url);
  return {
    method: "GET",
    url: u.pathname + u.search,
    headers: { host, authorization: signed.headers.authorization ?? "" },
    body: new Uint8Array(0),
  };
}

describe("P-AUTH-7: the public URL of a proxied deployment", () => {
  it("requests signed for the public https origin verify, whatever Host the proxy forwards", async () => {
    const s = server("https://Sandbox.Example:443/");
    for (const host of ["127.0.0.1:8080", "sandbox.example"])
      expect((await s.handle(signedGet("https://sandbox.example", host))).status).toBe(200);
    // Signed for what the server sees behind the proxy (http:// and its Host): not the public URL.
    const behind = await s.handle(signedGet("http://127.0.0.1:8080", "127.0.0.1:8080"));
    expect(behind.status).toBe(400);
  });
  it("a non-default port is part of the origin", async () => {
    const s = server("https://sandbox.example:8443");
    expect((await s.handle(signedGet("https://sandbox.example:8443", "x"))).status).toBe(200);
    expect((await s.handle(signedGet("https://sandbox.example", "x"))).status).toBe(400);
  });
  it("without publicUrl: http:// and the Host header, as before", async () => {
    const s = server();
    expect((await s.handle(signedGet("http://sandbox.test", "sandbox.test"))).status).toBe(200);
    expect((await s.handle(signedGet("https://sandbox.test", "sandbox.test"))).status).toBe(400);
  });
  it("publicOrigin normalises an origin and refuses anything else (OSK_INVALID_PUBLIC_URL)", () => {
    expect(publicOrigin("HTTPS://Sandbox.Example:443")).toBe("https://sandbox.example");
    expect(publicOrigin("http://sandbox.example:80/")).toBe("http://sandbox.example");
    expect(publicOrigin("https://sandbox.example:8443")).toBe("https://sandbox.example:8443");
    for (const bad of [
      "sandbox.example",
      "ftp://sandbox.example",
      "https://sandbox.example/social",
      "https://sandbox.example/?",
      "https://sandbox.example/#x",
      "https://user:pw@sandbox.example",
      "",
    ])
      expect(() => publicOrigin(bad), bad).toThrowError(
        expect.objectContaining({ code: "OSK_INVALID_PUBLIC_URL" }),
      );
    expect(() => server("https://sandbox.example/social")).toThrowError(
      expect.objectContaining({ code: "OSK_INVALID_PUBLIC_URL" }),
    );
  });
});
