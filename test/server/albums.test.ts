/**
 * Albums and photos (§4.1, §4.2, P-ALBUM-1..3, P-PAGE-1..3).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlbumList, PhotoList } from "../../src/model/responses.js";
import { call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

const get = (path: string) => call(s.url, { path });
const albumIds = async (path: string) =>
  ((await get(path)).json as AlbumList).entry.map((a) => a.id.split(":")[1]);

describe("§4.1 album list, P-ALBUM-1 visibility", () => {
  it("without visibility: everyone-albums only, for any owner", async () => {
    expect(await albumIds("/os/0.8/albums/@me/@self")).toEqual(["album-1"]);
    expect(await albumIds("/os/0.8/albums/example.org:bob/@self")).toEqual(["album-4"]);
  });
  it("visibility=all: own albums all; a friend's everyone+friends; a stranger's everyone", async () => {
    expect(await albumIds("/os/0.8/albums/@me/@self?visibility=all")).toEqual([
      "album-1",
      "album-2",
      "album-3",
    ]);
    expect(await albumIds("/os/0.8/albums/example.org:bob/@self?visibility=all")).toEqual([
      "album-4",
      "album-5",
    ]);
    expect(await albumIds("/os/0.8/albums/example.org:dave/@self?visibility=all")).toEqual([
      "album-7",
    ]);
  });
  it("another visibility value → 400; unknown user → 404 (P-ALBUM-2)", async () => {
    expect((await get("/os/0.8/albums/@me/@self?visibility=friends")).status).toBe(400);
    expect((await get("/os/0.8/albums/example.org:nobody/@self")).status).toBe(404);
  });
  it("P-ALBUM-3: the §2.2 fields in order, mediaItemCount and mediaMimeType derived", async () => {
    const r = (await get("/os/0.8/albums/@me/@self")).json as AlbumList;
    expect(r).toMatchObject({ startIndex: 0, itemsPerPage: 20, totalResults: 1 });
    const a = r.entry[0];
    expect(Object.keys(a ?? {})).toEqual([
      "id",
      "title",
      "caption",
      "description",
      "thumbnailUrl",
      "mediaItemCount",
      "ownerId",
      "mediaMimeType",
    ]);
    expect(a).toMatchObject({
      mediaItemCount: 3,
      ownerId: "example.org:alice",
      // photo-3 repeats image/jpeg: distinct types, in order of first appearance
      mediaMimeType: ["image/jpeg", "image/png"],
    });
  });
  it("an album without photos: count 0 and no MIME types", async () => {
    const r = (await get("/os/0.8/albums/example.org:erin/@self")).json as AlbumList;
    expect(r.entry[0]).toMatchObject({ mediaItemCount: 0, mediaMimeType: [] });
  });
  it("paging: count=1 startIndex=1; invalid count → 400", async () => {
    const r = await get("/os/0.8/albums/@me/@self?visibility=all&count=1&startIndex=1");
    expect(r.json).toMatchObject({ startIndex: 1, itemsPerPage: 1, totalResults: 3 });
    expect((r.json as AlbumList).entry[0]?.id).toBe("example.org:album-2");
    expect((await get("/os/0.8/albums/@me/@self?count=abc")).status).toBe(400);
  });
});

describe("§4.2 photo list, P-ALBUM-2", () => {
  it("lists the photos of a visible album, §2.3 fields in order, paging members", async () => {
    const r = await get("/os/0.8/mediaitems/@me/@self/example.org:album-1");
    expect(r.status).toBe(200);
    const body = r.json as PhotoList;
    expect(body).toMatchObject({ startIndex: 0, itemsPerPage: 20, totalResults: 3 });
    expect(Object.keys(body.entry[0] ?? {})).toEqual([
      "id",
      "albumId",
      "title",
      "description",
      "fileSize",
      "thumbnailUrl",
      "url",
    ]);
    expect(typeof body.entry[0]?.fileSize).toBe("number");
  });
  it("a friend's friends-album is visible; their self-album → 403", async () => {
    expect((await get("/os/0.8/mediaitems/example.org:bob/@self/example.org:album-5")).status).toBe(
      200,
    );
    expect((await get("/os/0.8/mediaitems/example.org:bob/@self/example.org:album-6")).status).toBe(
      403,
    );
  });
  it("a stranger's friends-album → 403; everyone-album → 200", async () => {
    expect(
      (await get("/os/0.8/mediaitems/example.org:dave/@self/example.org:album-8")).status,
    ).toBe(403);
    expect(
      (await get("/os/0.8/mediaitems/example.org:dave/@self/example.org:album-7")).status,
    ).toBe(200);
  });
  it("unknown album, unknown user, or an album the guid does not own → 404", async () => {
    expect((await get("/os/0.8/mediaitems/@me/@self/example.org:album-99")).status).toBe(404);
    expect(
      (await get("/os/0.8/mediaitems/example.org:nobody/@self/example.org:album-1")).status,
    ).toBe(404);
    expect((await get("/os/0.8/mediaitems/@me/@self/example.org:album-6")).status).toBe(404);
    expect((await get("/os/0.8/mediaitems/@me/@self/example.org:album-4")).status).toBe(404);
  });
  it("paging: count=2 startIndex=2", async () => {
    const r = (await get("/os/0.8/mediaitems/@me/@self/example.org:album-1?count=2&startIndex=2"))
      .json as PhotoList;
    expect(r.entry.map((p) => p.id)).toEqual(["example.org:photo-3"]);
    expect(r).toMatchObject({ itemsPerPage: 2, totalResults: 3, startIndex: 2 });
  });
});
