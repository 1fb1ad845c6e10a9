/**
 * Representations (P-FMT-1, P-FMT-2, P-FMT-7), error bodies (P-ERR-1) and compression (P-ERR-2).
 * Atom answers are parsed back with the Atom codec and checked well-formed with xmllint.
 */
import { execFileSync } from "node:child_process";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAtom } from "../../src/codecs/atom/index.js";
import { call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

const ATOM = "application/atom+xml; charset=utf-8";

function wellFormed(xml: string): void {
  execFileSync("xmllint", ["--noout", "-"], { input: xml });
}

describe("P-FMT-1: choosing the representation", () => {
  it("JSON by default, with charset", async () => {
    const r = await call(s.url, { path: "/os/0.8/people/@me/@self" });
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
  it("format=atom selects Atom; format=json wins over Accept", async () => {
    const a = await call(s.url, { path: "/os/0.8/appdata/@me/@self/@app?format=atom" });
    expect(a.headers.get("content-type")).toBe(ATOM);
    const j = await call(s.url, {
      path: "/os/0.8/appdata/@me/@self/@app?format=json",
      headers: { accept: "application/atom+xml" },
    });
    expect(j.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
  it("without format, Accept: application/atom+xml selects Atom", async () => {
    const r = await call(s.url, {
      path: "/os/0.8/people/@me/@self",
      headers: { accept: "application/atom+xml" },
    });
    expect(r.headers.get("content-type")).toBe(ATOM);
    const q = await call(s.url, {
      path: "/os/0.8/people/@me/@self",
      headers: { accept: "application/json, application/atom+xml;q=0.5" },
    });
    expect(q.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
  it("a tie between the two types serves JSON, whichever is listed first (P-FMT-1 rev. 5)", async () => {
    for (const accept of [
      "application/atom+xml, application/json",
      "application/atom+xml;q=0.8, application/json;q=0.8",
    ]) {
      const r = await call(s.url, { path: "/os/0.8/people/@me/@self", headers: { accept } });
      expect(r.headers.get("content-type"), accept).toBe("application/json; charset=utf-8");
    }
  });
  it("any other format value → 400, on reads and writes", async () => {
    expect((await call(s.url, { path: "/os/0.8/people/@me/@self?format=xml" })).status).toBe(400);
    expect((await call(s.url, { path: "/os/0.8/appdata/@me/@self/@app?format=" })).status).toBe(
      400,
    );
    expect(
      (
        await call(s.url, {
          method: "POST",
          path: "/os/0.8/appdata/@me/@self/@app?format=rss",
          json: { a: "1" },
        })
      ).status,
    ).toBe(400);
  });
  it("query parameters the operation does not define are ignored", async () => {
    expect((await call(s.url, { path: "/os/0.8/people/@me/@self?foo=bar&x" })).status).toBe(200);
  });
  it("errors are JSON even when Atom was asked for (P-ERR-1)", async () => {
    const r = await call(s.url, { path: "/os/0.8/people/example.org:nobody/@self?format=atom" });
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(r.json).toEqual({ error: { code: 404, message: expect.any(String) } });
  });
});

describe("P-FMT-2/7: Atom for every operation matches the JSON", () => {
  const cases = [
    ["appdata", "/os/0.8/appdata/@me/@self/@app"],
    ["appdata", "/os/0.8/appdata/@me/@friends/@app"],
    ["albums", "/os/0.8/albums/@me/@self?visibility=all"],
    ["photos", "/os/0.8/mediaitems/@me/@self/example.org:album-1"],
    ["person", "/os/0.8/people/@me/@self"],
    ["person", "/os/0.8/people/@me/@self?fields=addresses,gender,isGuest"],
    ["person", "/os/0.8/people/@me/@friends/example.org:bob"],
    ["people", "/os/0.8/people/@me/@friends?count=2"],
  ] as const;
  it.each(cases)("%s %s", async (kind, path) => {
    const json = await call(s.url, { path });
    const atom = await call(s.url, { path: `${path}${path.includes("?") ? "&" : "?"}format=atom` });
    expect(atom.status).toBe(200);
    wellFormed(atom.text);
    const back = kind === "appdata" ? fromAtom("appdata", atom.text) : fromAtom(kind, atom.text);
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.value).toEqual(json.json);
  });
  it("appdata keys keep first-written order in Atom too, integer-like keys included (P-FMT-3/4)", async () => {
    const as = "example.org:erin";
    await call(s.url, {
      method: "POST",
      path: "/os/0.8/appdata/@me/@self/@app",
      as,
      body: '{"zz":"1","7":"2","a":"3"}',
      contentType: "application/json",
    });
    const r = await call(s.url, { path: "/os/0.8/appdata/@me/@self/@app?format=atom", as });
    const at = (tag: string) => r.text.indexOf(`<${tag}>`);
    expect(at("zz")).toBeGreaterThan(0);
    expect(at("zz")).toBeLessThan(at("_x0037_"));
    expect(at("_x0037_")).toBeLessThan(at("a"));
  });
  it("the appdata feed carries urn:guid ids and the OpenSearch namespace without a trailing slash", async () => {
    const r = await call(s.url, { path: "/os/0.8/appdata/@me/@self/@app?format=atom" });
    expect(r.text).toContain('http://a9.com/-/spec/opensearch/1.1"');
    expect(r.text).toContain("<id>urn:guid:example.org:alice</id>");
    expect(r.text).toContain('<appdata xmlns="http://ns.opensocial.org/2008/opensocial">');
  });
});

describe("P-FMT-5: opt-in strict Atom", () => {
  it("atomStrict writes feed id, title, updated and author; the default leaves them out", async () => {
    const strict = await start({ atomStrict: true });
    const r = await call(strict.url, { path: "/os/0.8/people/@me/@friends?format=atom" });
    await strict.close();
    wellFormed(r.text);
    const head = r.text.slice(0, r.text.indexOf("<entry>"));
    expect(head).toMatch(/<id>[^<]+<\/id>/);
    expect(head).toMatch(/<updated>\d{4}-/);
    const plain = await call(s.url, { path: "/os/0.8/people/@me/@friends?format=atom" });
    expect(plain.text.slice(0, plain.text.indexOf("<entry>"))).not.toMatch(/<updated>\d/);
  });
});

describe("P-FMT-5 (revision 4): the strict-mode author", () => {
  it("each entry's author has name, uri (urn:guid:) and the url kept in the OpenSocial namespace; readers take it back", async () => {
    const strict = await start({ atomStrict: true });
    const r = await call(strict.url, { path: "/os/0.8/people/@me/@friends?format=atom" });
    await strict.close();
    const authors = [...r.text.matchAll(/<entry>[\s\S]*?<author>([\s\S]*?)<\/author>/g)].map(
      (m) => m[1] ?? "",
    );
    expect(authors.length).toBeGreaterThan(0);
    for (const a of authors) {
      const guid = /<uri>(urn:guid:[^<]+)<\/uri>/.exec(a)?.[1];
      expect(guid, a).toBeDefined();
      expect(a).toMatch(/<name>[^<]+<\/name>/);
      expect(a).toContain(`<url xmlns="http://ns.opensocial.org/2008/opensocial">${guid}</url>`);
    }
    const read = fromAtom("people", r.text);
    expect(read.ok, JSON.stringify(read.ok ? "" : read.issues)).toBe(true);
  });
});

describe("P-ERR-2: compression only when asked", () => {
  it("no Accept-Encoding → identity", async () => {
    const r = await fetch(`${s.url}/os/0.8/nothing`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(r.headers.get("content-encoding")).toBeNull();
  });
  it("Accept-Encoding: gzip → gzip body that decodes to the JSON", async () => {
    const { request } = await import("node:http");
    const { signRequest } = await import("../../src/oauth/index.js");
    const signed = signRequest({
      method: "GET",
      url: `${s.url}/os/0.8/people/@me/@self`,
      consumerKey: "quiz-key",
      consumerSecret: "quiz secret+1/é",
      requestorId: "example.org:alice",
    });
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          signed.url,
          { headers: { ...signed.headers, "accept-encoding": "gzip" } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(raw.body).toString("utf8"))).toMatchObject({
      entry: { id: "example.org:alice" },
    });
  });
});
