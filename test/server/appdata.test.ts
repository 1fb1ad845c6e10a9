/**
 * Application data (§4.3–4.5, §7.1, P-DATA-1..6, P-FMT-3 key order, P-PAGE-4).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

const SELF = "/os/0.8/appdata/@me/@self/@app";
const post = (json: unknown, as?: string) =>
  call(s.url, { method: "POST", path: SELF, json, ...(as ? { as } : {}) });
const read = async (path = SELF, as?: string) =>
  (await call(s.url, { path, ...(as ? { as } : {}) })).text;
const pairs = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));

beforeEach(async () => {
  await call(s.url, { method: "DELETE", path: SELF, as: "example.org:erin" });
});

describe("§4.3 read", () => {
  it("@self of the viewer: entry, startIndex 0, id, totalResults, no itemsPerPage (P-PAGE-4)", async () => {
    const r = await call(s.url, { path: SELF });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      entry: { "example.org:alice": { score: "10", level: "3" } },
      startIndex: 0,
      id: ["example.org:alice"],
      totalResults: 1,
    });
  });
  it("@self of a friend is readable; of a stranger → 403; unknown → 404 (P-DATA-6)", async () => {
    expect(JSON.parse(await read("/os/0.8/appdata/example.org:bob/@self/@app"))).toMatchObject({
      entry: { "example.org:bob": { score: "7" } },
    });
    expect(
      (await call(s.url, { path: "/os/0.8/appdata/example.org:dave/@self/@app" })).status,
    ).toBe(403);
    expect(
      (await call(s.url, { path: "/os/0.8/appdata/example.org:nobody/@self/@app" })).status,
    ).toBe(404);
  });
  it("@friends lists only friends with data (P-DATA-5); of another user → 403", async () => {
    const r = await call(s.url, { path: "/os/0.8/appdata/@me/@friends/@app" });
    expect(r.json).toEqual({
      entry: { "example.org:bob": { score: "7" } },
      startIndex: 0,
      id: ["example.org:bob"],
      totalResults: 1,
    });
    expect(
      (await call(s.url, { path: "/os/0.8/appdata/example.org:bob/@friends/@app" })).status,
    ).toBe(403);
    expect((await call(s.url, { path: "/os/0.8/appdata/@me/@all/@app" })).json).toEqual(r.json);
  });
  it("fields: only listed keys, in stored order; unknown keys left out; empty fields = all", async () => {
    expect(JSON.parse(await read(`${SELF}?fields=level,score,nothing`)).entry).toEqual({
      "example.org:alice": { score: "10", level: "3" },
    });
    expect(await read(`${SELF}?fields=level,score`)).toContain('{"score":"10","level":"3"}');
    expect(JSON.parse(await read(`${SELF}?fields=`)).totalResults).toBe(1);
  });
  it("a user with none of the keys asked for → entry {}, id [], totalResults 0 (P-DATA-5)", async () => {
    expect(JSON.parse(await read(`${SELF}?fields=nothing`))).toEqual({
      entry: {},
      startIndex: 0,
      id: [],
      totalResults: 0,
    });
    expect(JSON.parse(await read("/os/0.8/appdata/@me/@self/@app", "example.org:erin"))).toEqual({
      entry: {},
      startIndex: 0,
      id: [],
      totalResults: 0,
    });
  });
  it("fields with 100 keys → 400, 99 → 200; an invalid key character → 400 (P-DATA-3, §7.1)", async () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`).join(",");
    expect((await call(s.url, { path: `${SELF}?fields=${keys(99)}` })).status).toBe(200);
    expect((await call(s.url, { path: `${SELF}?fields=${keys(100)}` })).status).toBe(400);
    expect((await call(s.url, { path: `${SELF}?fields=a%24b` })).status).toBe(400);
  });
  it("every key named in fields follows P-DATA-1, on GET and DELETE: length, alphabet, no padding (rev. 5)", async () => {
    for (const method of ["GET", "DELETE"])
      for (const fields of ["k".repeat(129), "a,k%C3%A9", "a,%20b", "a%20,b", "a%0A", "a,b%09"]) {
        const r = await call(s.url, {
          method,
          path: `${SELF}?fields=${fields}`,
          as: "example.org:erin",
        });
        expect(r.status, `${method} fields=${fields}`).toBe(400);
      }
    // An empty fields= (all keys) and empty items between commas name no key.
    expect((await call(s.url, { path: `${SELF}?fields=` })).status).toBe(200);
    expect((await call(s.url, { path: `${SELF}?fields=score,,` })).status).toBe(200);
  });
  it("paging parameters are ignored, unchecked (P-PAGE-5)", async () => {
    expect((await call(s.url, { path: `${SELF}?count=0&startIndex=-5` })).status).toBe(200);
  });
  it("data is private to the calling application (P-DATA-6)", async () => {
    const notes = await call(s.url, { path: SELF, app: "notes" });
    expect(notes.json).toMatchObject({ entry: { "example.org:alice": { note: "hello" } } });
    expect(JSON.stringify(notes.json)).not.toContain("score");
  });
});

describe("§4.4 write", () => {
  const ERIN = "example.org:erin";
  it("writes, answers 200 with an empty body, and merges (P-DATA-2/4)", async () => {
    const w = await post({ a: "1", b: "2" }, ERIN);
    expect(w.status).toBe(200);
    expect(w.text).toBe("");
    expect(w.headers.get("content-length")).toBe("0");
    await post({ b: "3", c: "4" }, ERIN);
    expect(JSON.parse(await read(SELF, ERIN)).entry[ERIN]).toEqual({ a: "1", b: "3", c: "4" });
  });
  it("keys keep first-written order; integer-like keys included; rewrite keeps place, delete+write moves (P-FMT-3)", async () => {
    await call(s.url, {
      method: "POST",
      path: SELF,
      as: ERIN,
      body: '{"zeta":"1","10":"x","2":"y","alpha":"z"}',
      contentType: "application/json",
    });
    await call(s.url, {
      method: "POST",
      path: SELF,
      as: ERIN,
      body: '{"10":"again"}',
      contentType: "application/json",
    });
    expect(await read(SELF, ERIN)).toContain('{"zeta":"1","10":"again","2":"y","alpha":"z"}');
    await call(s.url, { method: "DELETE", path: `${SELF}?fields=zeta`, as: ERIN });
    await post({ zeta: "back" }, ERIN);
    expect(await read(SELF, ERIN)).toContain('{"10":"again","2":"y","alpha":"z","zeta":"back"}');
    expect(await read(`${SELF}?fields=zeta,2`, ERIN)).toContain('{"2":"y","zeta":"back"}');
  });
  it("__proto__ and constructor are ordinary keys", async () => {
    const w = await call(s.url, {
      method: "POST",
      path: SELF,
      as: ERIN,
      body: '{"__proto__":"p","constructor":"c","toString":"t"}',
      contentType: "application/json",
    });
    expect(w.status).toBe(200);
    expect(await read(SELF, ERIN)).toContain('{"__proto__":"p","constructor":"c","toString":"t"}');
  });
  it("99 pairs pass, 100 fail and write nothing (P-DATA-3, §8)", async () => {
    expect((await post(pairs(99), ERIN)).status).toBe(200);
    await call(s.url, { method: "DELETE", path: SELF, as: ERIN });
    expect((await post(pairs(100), ERIN)).status).toBe(400);
    expect(JSON.parse(await read(SELF, ERIN)).totalResults).toBe(0);
  });
  it("a write is all or nothing: one bad key writes none of the pairs (P-DATA-4)", async () => {
    expect((await post({ good: "1", "bad key": "2" }, ERIN)).status).toBe(400);
    expect(JSON.parse(await read(SELF, ERIN)).totalResults).toBe(0);
  });
  it.each([
    ["a key with a disallowed character", '{"a b":"1"}'],
    ["an empty key", '{"":"1"}'],
    ["a key of 129 characters", `{"${"k".repeat(129)}":"1"}`],
    ["a non-string value", '{"a":1}'],
    ["a null value", '{"a":null}'],
    ["an empty object", "{}"],
    ["an array", '[["a","1"]]'],
    ["malformed JSON", '{"a":"1"'],
    ["a control character in a value", '{"a":"\\u0001"}'],
    ["a lone surrogate", '{"a":"\\ud800"}'],
    ["U+FFFE", '{"a":"\\ufffe"}'],
    ["a value over 65,536 code points", `{"a":"${"x".repeat(65537)}"}`],
  ])("%s → 400 (P-DATA-1/2, §7.1)", async (_, body) => {
    expect(
      (
        await call(s.url, {
          method: "POST",
          path: SELF,
          as: ERIN,
          body,
          contentType: "application/json",
        })
      ).status,
    ).toBe(400);
  });
  it("DEL and the C1 controls (U+007F–U+009F) are allowed in values and read back in JSON and Atom (P-DATA-1 rev. 5)", async () => {
    const value = "a\u007f\u0080\u0085\u009fb";
    expect((await post({ c1: value }, ERIN)).status).toBe(200);
    expect(JSON.parse(await read(`${SELF}?fields=c1`, ERIN)).entry[ERIN]).toEqual({ c1: value });
    const atom = await read(`${SELF}?fields=c1&format=atom`, ERIN);
    expect(atom).toContain(`<c1>${value}</c1>`);
  });
  it("U+FFFF in a value → 400 (P-DATA-1)", async () => {
    const r = await call(s.url, {
      method: "POST",
      path: SELF,
      as: ERIN,
      body: '{"a":"x\uffffy"}',
      contentType: "application/json",
    });
    expect(r.status).toBe(400);
  });
  it("a key named twice: the last value wins, in JSON and form bodies, and one pair is kept (P-DATA-2 rev. 5)", async () => {
    for (const [body, contentType] of [
      ['{"dup":"first","other":"o","dup":"last"}', "application/json"],
      ["dup=first&other=o&dup=last", "application/x-www-form-urlencoded"],
    ] as const) {
      await call(s.url, { method: "DELETE", path: SELF, as: ERIN });
      const w = await call(s.url, { method: "POST", path: SELF, as: ERIN, body, contentType });
      expect(w.status, contentType).toBe(200);
      const r = JSON.parse(await read(`${SELF}?fields=dup,other`, ERIN));
      expect(r.entry[ERIN], contentType).toEqual({ dup: "last", other: "o" });
      const atom = await read(`${SELF}?fields=dup&format=atom`, ERIN);
      expect(atom.match(/<dup>/g), contentType).toHaveLength(1);
    }
  });
  it("a key of 128 characters and a value of 65,536 code points pass (P-DATA-1)", async () => {
    const body = `{"${"k".repeat(128)}":"${"😀".repeat(65536)}"}`;
    expect(
      (
        await call(s.url, {
          method: "POST",
          path: SELF,
          as: ERIN,
          body,
          contentType: "application/json",
        })
      ).status,
    ).toBe(200);
  });
  it("invalid UTF-8 in the body → 400", async () => {
    const body = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const r = await call(s.url, {
      method: "POST",
      path: SELF,
      as: ERIN,
      body,
      contentType: "application/json",
    });
    expect(r.status).toBe(400);
  });
  it("form-encoded bodies; a form-labelled JSON object is read as JSON; other types → 400 (P-DATA-2)", async () => {
    expect(
      (
        await call(s.url, {
          method: "POST",
          path: SELF,
          as: ERIN,
          body: "x=1&y=hello+world",
          contentType: "application/x-www-form-urlencoded",
        })
      ).status,
    ).toBe(200);
    expect(JSON.parse(await read(SELF, ERIN)).entry[ERIN]).toEqual({ x: "1", y: "hello world" });
    expect(
      (
        await call(s.url, {
          method: "POST",
          path: SELF,
          as: ERIN,
          body: '{"a":"1"}',
          contentType: "text/plain",
        })
      ).status,
    ).toBe(400);
  });
  it("PUT is POST (P-DATA-2)", async () => {
    expect(
      (await call(s.url, { method: "PUT", path: SELF, as: ERIN, json: { put: "yes" } })).status,
    ).toBe(200);
    expect(JSON.parse(await read(SELF, ERIN)).entry[ERIN]).toEqual({ put: "yes" });
  });
  it("only the viewer's own guid: @me, full id, bare value; any other guid → 403 (P-DATA-6, §7.1)", async () => {
    const cases: [string, number][] = [
      ["@me", 200],
      [ERIN, 200],
      ["erin", 200],
      ["example.org:alice", 403],
      ["example.org:nobody", 403],
    ];
    for (const [guid, status] of cases) {
      const path = `/os/0.8/appdata/${guid}/@self/@app`;
      expect((await call(s.url, { method: "POST", path, as: ERIN, json: { g: "1" } })).status).toBe(
        status,
      );
    }
  });
});

describe("§4.5 delete", () => {
  const ERIN = "example.org:erin";
  it("deletes the listed keys; unknown keys ignored; 200 empty (P-DATA-5)", async () => {
    await post({ a: "1", b: "2", c: "3" }, ERIN);
    const d = await call(s.url, { method: "DELETE", path: `${SELF}?fields=a,c,zz`, as: ERIN });
    expect(d.status).toBe(200);
    expect(d.text).toBe("");
    expect(JSON.parse(await read(SELF, ERIN)).entry[ERIN]).toEqual({ b: "2" });
  });
  it("no fields, or an empty fields=, deletes all keys", async () => {
    await post({ a: "1" }, ERIN);
    await call(s.url, { method: "DELETE", path: `${SELF}?fields=`, as: ERIN });
    expect(JSON.parse(await read(SELF, ERIN)).totalResults).toBe(0);
  });
  it("fields in a signed form body are read (§4.5 'request parameter', RFC 5849 §3.4.1.3.1): only those keys go", async () => {
    await post({ a: "1", b: "2", c: "3" }, ERIN);
    const form = {
      method: "DELETE",
      path: SELF,
      as: ERIN,
      contentType: "application/x-www-form-urlencoded",
    };
    const d = await call(s.url, { ...form, body: "fields=a%2Cc" });
    expect(d.status).toBe(200);
    expect(JSON.parse(await read(SELF, ERIN)).entry[ERIN]).toEqual({ b: "2" });
    // the query's fields comes first, as its first value does elsewhere
    await call(s.url, { ...form, path: `${SELF}?fields=zz`, body: "fields=b" });
    expect(JSON.parse(await read(SELF, ERIN)).entry[ERIN]).toEqual({ b: "2" });
    // a form body names keys under the same rules as the query (P-DATA-1, P-DATA-3)
    expect((await call(s.url, { ...form, body: "fields=a%2Fb" })).status).toBe(400);
  });
  it.each([
    ["a JSON body", "application/json", '{"fields":"a"}'],
    [
      "a form-labelled JSON body (P-DATA-2 reads it as JSON)",
      "application/x-www-form-urlencoded",
      '{"fields":"a"}',
    ],
    ["a text body", "text/plain", "fields=a"],
  ])(
    "%s, which cannot carry fields, is refused (400) and deletes nothing",
    async (_name, contentType, body) => {
      await post({ a: "1", b: "2" }, ERIN);
      const d = await call(s.url, { method: "DELETE", path: SELF, as: ERIN, contentType, body });
      expect(d.status).toBe(400);
      expect(d.text).toContain("names its keys in the fields parameter");
      expect(JSON.parse(await read(SELF, ERIN)).entry[ERIN]).toEqual({ a: "1", b: "2" });
    },
  );
  it("another guid → 403; 100 fields → 400; bad key → 400", async () => {
    expect(
      (
        await call(s.url, {
          method: "DELETE",
          path: "/os/0.8/appdata/example.org:bob/@self/@app",
          as: ERIN,
        })
      ).status,
    ).toBe(403);
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`).join(",");
    expect(
      (await call(s.url, { method: "DELETE", path: `${SELF}?fields=${keys}`, as: ERIN })).status,
    ).toBe(400);
    expect(
      (await call(s.url, { method: "DELETE", path: `${SELF}?fields=a%2Fb`, as: ERIN })).status,
    ).toBe(400);
  });
});
