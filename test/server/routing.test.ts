/**
 * Routing and error precedence (P-ERR-1, P-ERR-2, P-ERR-5, §7 "target id / selector not given").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "../../src/oauth/index.js";
import { APPS, call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

const status = async (
  path: string,
  method = "GET",
  extra: Parameters<typeof call>[1] extends infer C ? Partial<C> : never = {},
) => (await call(s.url, { path, method, ...extra })).status;

describe("P-ERR-2: paths and methods", () => {
  it("an unknown path → 404 with the JSON error body (P-ERR-1)", async () => {
    const r = await call(s.url, { path: "/os/0.8/nothing/@me/@self" });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: { code: 404, message: expect.any(String) } });
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await status("/os/0.9/people/@me/@self")).toBe(404);
    expect(await status("/os/0.8/")).toBe(404);
  });
  it("a known path with another method → 405 with Allow", async () => {
    const r = await call(s.url, {
      path: "/os/0.8/people/@me/@self",
      method: "POST",
      json: { a: "1" },
    });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET, HEAD");
    const a = await call(s.url, { path: "/os/0.8/appdata/@me/@friends/@app", method: "DELETE" });
    expect(a.status).toBe(405);
    expect(a.headers.get("allow")).toBe("GET, HEAD");
    const b = await call(s.url, { path: "/os/0.8/appdata/@me/@self/@app", method: "PATCH" });
    expect(b.headers.get("allow")).toBe("GET, HEAD, POST, PUT, DELETE");
  });
  it("Allow lists every method the path answers, HEAD wherever GET (P-ERR-2 rev. 5)", async () => {
    for (const [path, allowed] of [
      ["/os/0.8/people/@me/@self", ["GET", "HEAD"]],
      ["/os/0.8/people/@me/@friends/example.org:bob", ["GET", "HEAD"]],
      ["/os/0.8/albums/@me/@self", ["GET", "HEAD"]],
      ["/os/0.8/mediaitems/@me/@self/example.org:album-1", ["GET", "HEAD"]],
      ["/os/0.8/appdata/@me/@friends/@app", ["GET", "HEAD"]],
      ["/os/0.8/appdata/@me/@self/@app", ["GET", "HEAD", "POST", "PUT", "DELETE"]],
    ] as const) {
      const r = await call(s.url, { path, method: "OPTIONS" });
      expect(r.status, path).toBe(405);
      const allow = (r.headers.get("allow") ?? "").split(",").map((m) => m.trim());
      expect(allow.sort(), path).toEqual([...allowed].sort());
      for (const m of allowed)
        expect((await call(s.url, { path, method: m })).status, `${m} ${path}`).not.toBe(405);
    }
  });
  it("a selector that is not the operation's is an unknown path: 404 (P-ERR-2 rev. 5)", async () => {
    for (const path of [
      "/os/0.8/people/@me/@family",
      "/os/0.8/people/@me/@family/example.org:bob",
      "/os/0.8/appdata/@me/@family/@app",
      "/os/0.8/albums/@me/@friends",
      "/os/0.8/mediaitems/@me/@friends/example.org:album-1",
    ])
      for (const method of ["GET", "POST", "DELETE"])
        expect(await status(path, method), `${method} ${path}`).toBe(404);
  });
  it("a write method on appdata @friends → 405 with Allow: GET, HEAD, before any permission check (P-ERR-2 rev. 5)", async () => {
    for (const [guid, as] of [
      ["@me", "example.org:alice"],
      ["example.org:dave", "example.org:alice"],
      ["example.org:nobody", "example.org:alice"],
      ["@me", "example.org:carol"],
    ] as const)
      for (const method of ["POST", "PUT", "DELETE"]) {
        const r = await call(s.url, {
          method,
          path: `/os/0.8/appdata/${guid}/@friends/@app`,
          as,
          ...(method === "DELETE" ? {} : { json: { k: "v" } }),
        });
        expect(r.status, `${method} ${guid} as ${as}`).toBe(405);
        expect(r.headers.get("allow")).toBe("GET, HEAD");
      }
  });
  it("HEAD is answered wherever GET is: GET's status and headers, no body (revision 4)", async () => {
    for (const [path, headers] of [
      ["/os/0.8/people/@me/@friends?count=2", {}],
      ["/os/0.8/appdata/@me/@self/@app?format=atom", {}],
      ["/os/0.8/albums/@me/@self", { "accept-encoding": "gzip" }],
      ["/os/0.8/people/example.org:dave/@self", {}],
      ["/os/0.8/nothing/@me/@self", {}],
    ] as const) {
      const get = await call(s.url, { path, headers });
      const head = await call(s.url, { path, method: "HEAD", headers });
      expect(head.status, path).toBe(get.status);
      expect(head.text).toBe("");
      for (const name of ["content-type", "content-length", "content-encoding", "vary"])
        expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
      expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    }
  });
  it("HEAD through handle() has an empty body and GET's Content-Length", async () => {
    const answer = async (method: string) => {
      const signed = signRequest({
        method,
        url: "http://sandbox.test/os/0.8/people/@me/@self",
        ...APPS.quiz,
        requestorId: "example.org:alice",
      });
      const u = new URL(signed.url);
      return s.server.handle({
        method,
        url: u.pathname + u.search,
        headers: { host: "sandbox.test", authorization: signed.headers.authorization ?? "" },
        body: new Uint8Array(0),
      });
    };
    const get = await answer("GET");
    const head = await answer("HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers).toEqual(get.headers);
    expect(Number(head.headers["content-length"])).toBe(get.body.length);
  });
  it("a path that stops before its guid → 400 (§7 target id not given)", async () => {
    for (const r of ["people", "appdata", "albums", "mediaitems"])
      expect(await status(`/os/0.8/${r}`)).toBe(400);
  });
  it("a path that stops before its selector → 403 (§7 selector not given)", async () => {
    for (const r of ["people", "appdata", "albums", "mediaitems"])
      expect(await status(`/os/0.8/${r}/@me`)).toBe(403);
  });
  it("a photo list without its album id → 400", async () => {
    expect(await status("/os/0.8/mediaitems/@me/@self")).toBe(400);
  });
  it("an appdata path without @app → 404", async () => {
    expect(await status("/os/0.8/appdata/@me/@self")).toBe(404);
    expect(await status("/os/0.8/appdata/@me/@self/@other")).toBe(404);
  });
  it("one trailing slash is ignored (signed with it); an empty segment → 404", async () => {
    expect(await status("/os/0.8/people/@me/@self/")).toBe(200);
    expect(await status("/os/0.8/people/@me/@self//")).toBe(404);
    expect(await status("/os/0.8/people//@self")).toBe(404);
  });
  it("a Content-Type on a bodiless GET is ignored", async () => {
    const r = await call(s.url, {
      path: "/os/0.8/people/@me/@self",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(200);
  });
});

describe("P-ERR-5: the first fault in order answers", () => {
  it("authentication (400) before unknown path (404)", async () => {
    expect((await call(s.url, { path: "/os/0.8/nothing", unsigned: true })).status).toBe(400);
  });
  it("unknown path (404) before the app check (403)", async () => {
    expect(await status("/os/0.8/nothing", "GET", { as: "example.org:carol" })).toBe(404);
  });
  it("method (405) before the app check (403)", async () => {
    expect(await status("/os/0.8/albums/@me/@self", "DELETE", { as: "example.org:carol" })).toBe(
      405,
    );
  });
  it("the app check (403) before a missing guid (400)", async () => {
    expect(await status("/os/0.8/people", "GET", { as: "example.org:carol" })).toBe(403);
  });
  it("a missing guid (400) before anything in the query", async () => {
    expect(await status("/os/0.8/people?format=bogus")).toBe(400);
  });
  it("for reads, unknown user (404) before permission (403) before the query (400)", async () => {
    expect(await status("/os/0.8/people/example.org:nobody/@self?format=bogus")).toBe(404);
    expect(await status("/os/0.8/people/example.org:dave/@self?format=bogus")).toBe(403);
    expect(await status("/os/0.8/people/@me/@self?format=bogus")).toBe(400);
  });
  it("for writes, another guid (403) before the body (400)", async () => {
    const r = await call(s.url, {
      method: "POST",
      path: "/os/0.8/appdata/example.org:bob/@self/@app",
      body: "{",
      contentType: "application/json",
    });
    expect(r.status).toBe(403);
  });
});
