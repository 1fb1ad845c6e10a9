/**
 * GET people (§4.6, §7.2) with P-PEOPLE-1..5 and paging P-PAGE-1..5.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FriendsResponse, PersonResponse } from "../../src/model/responses.js";
import { call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

const get = (path: string, as?: string) => call(s.url, { path, ...(as ? { as } : {}) });
const ids = (r: { json: unknown }) => (r.json as FriendsResponse).entry.map((p) => p.id);

describe("§4.6 @self", () => {
  it("returns the person as an object with isViewer/isOwner and no itemsPerPage", async () => {
    const r = await get("/os/0.8/people/@me/@self");
    expect(r.status).toBe(200);
    const body = r.json as PersonResponse;
    expect(Object.keys(body)).toEqual(["entry", "startIndex", "totalResults"]);
    expect(body.entry).toEqual({
      id: "example.org:alice",
      nickname: "alice",
      displayName: "Alice",
      updated: "2026-01-02T03:04:05Z",
      hasApp: true,
      thumbnailUrl: "https://img.example.org/alice/thumb.jpg",
      isViewer: true,
      isOwner: true,
    });
  });
  it("a friend's @self: isViewer and isOwner false (P-PEOPLE-3)", async () => {
    const r = await get("/os/0.8/people/example.org:bob/@self");
    expect((r.json as PersonResponse).entry).toMatchObject({
      isViewer: false,
      isOwner: false,
      hasApp: true,
    });
  });
  it("a person's @self, built once, answers each viewer as that viewer (P-PEOPLE-3)", async () => {
    const asViewer = async (as: string) =>
      ((await get("/os/0.8/people/example.org:bob/@self", as)).json as PersonResponse).entry;
    for (const [as, self] of [
      ["example.org:alice", false],
      ["example.org:bob", true],
      ["example.org:alice", false],
      ["example.org:bob", true],
    ] as const)
      expect(await asViewer(as)).toMatchObject({
        id: "example.org:bob",
        isViewer: self,
        isOwner: self,
      });
  });
  it("fields adds optional fields; unknown names are ignored (P-PEOPLE-2)", async () => {
    const r = await get(
      "/os/0.8/people/@me/@self?fields=gender,bloodType,addresses,isGuest,nonsense",
    );
    expect((r.json as PersonResponse).entry).toMatchObject({
      gender: "female",
      bloodType: "A",
      isGuest: false,
      addresses: [{ region: "Tokyo" }],
    });
    expect((r.json as PersonResponse).entry).not.toHaveProperty("nonsense");
    expect((r.json as PersonResponse).entry).not.toHaveProperty("birthday");
  });
  it("an absent optional field stays absent even when asked for", async () => {
    const r = await get("/os/0.8/people/example.org:carol/@self?fields=bloodType,addresses,gender");
    const e = (r.json as PersonResponse).entry;
    expect(e).not.toHaveProperty("bloodType");
    expect(e).not.toHaveProperty("addresses");
    expect(e.gender).toBe("female");
  });
  it("P-PEOPLE-4: a stranger → 403, an unknown user → 404 (§7.2)", async () => {
    expect((await get("/os/0.8/people/example.org:dave/@self")).status).toBe(403);
    expect((await get("/os/0.8/people/example.org:nobody/@self")).status).toBe(404);
    expect((await get("/os/0.8/people/not-an-id-at-all/@self")).status).toBe(404);
  });
  it("P-PAGE-5: paging and filterBy are ignored on @self, unchecked", async () => {
    expect((await get("/os/0.8/people/@me/@self?count=-1&startIndex=x&filterBy=zzz")).status).toBe(
      200,
    );
  });
});

describe("§4.6 @friends", () => {
  it("lists friends by id with paging members (P-PAGE-3)", async () => {
    const r = await get("/os/0.8/people/@me/@friends");
    const body = r.json as FriendsResponse;
    expect(ids(r)).toEqual(["example.org:bob", "example.org:carol", "example.org:erin"]);
    expect(body).toMatchObject({ startIndex: 0, itemsPerPage: 50, totalResults: 3 });
    expect(body.entry[0]).not.toHaveProperty("isViewer");
    expect(body.entry[1]?.hasApp).toBe(false);
  });
  it("@all means @friends (P-PEOPLE-5)", async () => {
    expect((await get("/os/0.8/people/@me/@all")).json).toEqual(
      (await get("/os/0.8/people/@me/@friends")).json,
    );
  });
  it("paging: count and startIndex; itemsPerPage is the page size asked for (P-PAGE-1/3)", async () => {
    const r = await get("/os/0.8/people/@me/@friends?count=2&startIndex=1");
    expect(ids(r)).toEqual(["example.org:carol", "example.org:erin"]);
    expect(r.json).toMatchObject({ startIndex: 1, itemsPerPage: 2, totalResults: 3 });
    const past = await get("/os/0.8/people/@me/@friends?startIndex=3");
    expect(past.status).toBe(200);
    expect((past.json as FriendsResponse).entry).toEqual([]);
    expect((await get("/os/0.8/people/@me/@friends?count=1000")).status).toBe(200);
    expect((await get("/os/0.8/people/@me/@friends?startIndex=2147483647")).status).toBe(200);
  });
  it.each([
    "count=0",
    "count=1001",
    "count=",
    "count=-1",
    "count=1.5",
    "count=1e2",
    "count=0x10",
    "startIndex=-1",
    "startIndex=+1",
    "startIndex=",
    "startIndex=2147483648",
    "count=%201",
  ])("paging value invalid: %s → 400 (§7.2, P-PAGE-2)", async (q) => {
    expect((await get(`/os/0.8/people/@me/@friends?${q}`)).status).toBe(400);
  });
  it("filterBy=hasApp keeps friends with the app; another filter → 400 (P-PEOPLE-2)", async () => {
    const r = await get("/os/0.8/people/@me/@friends?filterBy=hasApp");
    expect(ids(r)).toEqual(["example.org:bob", "example.org:erin"]);
    expect(r.json).toMatchObject({ totalResults: 2 });
    expect((await get("/os/0.8/people/@me/@friends?filterBy=gender")).status).toBe(400);
  });
  it("friends of a user other than the viewer → 403; of an unknown user → 404", async () => {
    expect((await get("/os/0.8/people/example.org:bob/@friends")).status).toBe(403);
    expect((await get("/os/0.8/people/example.org:nobody/@friends")).status).toBe(404);
  });
});

describe("P-PEOPLE-1: single friend by pid", () => {
  it("entry is the friend as an object, totalResults 1, no itemsPerPage, no isViewer", async () => {
    const r = await get("/os/0.8/people/@me/@friends/example.org:bob?fields=gender");
    expect(r.status).toBe(200);
    expect(Object.keys(r.json as object)).toEqual(["entry", "startIndex", "totalResults"]);
    const body = r.json as PersonResponse;
    expect(body).toMatchObject({ startIndex: 0, totalResults: 1 });
    expect(body.entry).toMatchObject({ id: "example.org:bob", gender: "male" });
    expect(body.entry).not.toHaveProperty("isViewer");
  });
  it("a bare pid works (P-AUTH-4); @all too", async () => {
    expect(((await get("/os/0.8/people/@me/@all/erin")).json as PersonResponse).entry.id).toBe(
      "example.org:erin",
    );
  });
  it("a pid that is not a friend → 404; unknown pid → 404; pid with @self → 400", async () => {
    expect((await get("/os/0.8/people/@me/@friends/example.org:dave")).status).toBe(404);
    expect((await get("/os/0.8/people/@me/@friends/example.org:nobody")).status).toBe(404);
    expect((await get("/os/0.8/people/@me/@self/example.org:bob")).status).toBe(400);
  });
  it("a pid of another user's friends → 403; paging ignored (P-PAGE-5)", async () => {
    expect((await get("/os/0.8/people/example.org:bob/@friends/example.org:alice")).status).toBe(
      403,
    );
    expect(
      (await get("/os/0.8/people/@me/@friends/example.org:bob?count=0&filterBy=x")).status,
    ).toBe(200);
  });
  it("another user's friendships cannot be probed: friend or not, a known pid → 403", async () => {
    // bob's friends are alice and dave; erin and carol are not: all answer alike (review finding).
    for (const pid of ["dave", "erin", "carol"])
      expect((await get(`/os/0.8/people/example.org:bob/@friends/example.org:${pid}`)).status).toBe(
        403,
      );
    expect((await get("/os/0.8/people/example.org:bob/@friends/example.org:nobody")).status).toBe(
      404,
    );
  });
});
