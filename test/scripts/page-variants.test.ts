/**
 * The small-default-page variant (scripts/mutants/page-variants.ts): which requests it cuts (a
 * GET of albums, photos, or people `@friends`/`@all` without a pid, naming neither `count` nor
 * `startIndex`), and what it writes (the first two entries, `itemsPerPage` 2, `totalResults`
 * kept), in JSON and in Atom.
 */
import { describe, expect, it } from "vitest";
import { isDefaultPageRequest, smallDefaultPage } from "../../scripts/mutants/page-variants.js";
import { fromAtom, toAtom } from "../../src/codecs/atom/index.js";

const get = (url: string) => ({ method: "GET", url });

describe("isDefaultPageRequest", () => {
  it.each([
    "/os/0.8/albums/ns:a/@self",
    "/os/0.8/albums/@me/@self?visibility=all&xoauth_requestor_id=ns%3Aa",
    "/os/0.8/mediaitems/ns:a/@self/ns:album-1",
    "/os/0.8/people/@me/@friends?filterBy=hasApp",
    "/os/0.8/people/ns:a/@all",
    "/os/0.8/people/ns:a/@friends/",
  ])("cuts %s", (url) => {
    expect(isDefaultPageRequest(get(url))).toBe(true);
  });

  it.each([
    "/os/0.8/albums/ns:a/@self?count=20",
    "/os/0.8/people/ns:a/@friends?startIndex=0",
    "/os/0.8/people/ns:a/@friends/ns:b",
    "/os/0.8/people/ns:a/@self",
    "/os/0.8/appdata/ns:a/@friends/@app",
    "/os/0.8/mediaitems/ns:a/@self",
  ])("leaves %s alone", (url) => {
    expect(isDefaultPageRequest(get(url))).toBe(false);
  });

  it("cuts GET answers only", () => {
    expect(isDefaultPageRequest({ method: "HEAD", url: "/os/0.8/albums/ns:a/@self" })).toBe(false);
  });
});

describe("smallDefaultPage", () => {
  const list = {
    startIndex: 0,
    itemsPerPage: 50,
    totalResults: 3,
    entry: [{ id: "ns:b" }, { id: "ns:c" }, { id: "ns:e" }],
  };

  it("keeps the first two entries, says itemsPerPage 2, keeps totalResults (JSON)", () => {
    const out = smallDefaultPage(
      JSON.stringify(list),
      "application/json; charset=utf-8",
      get("/os/0.8/people/@me/@friends"),
    );
    expect(JSON.parse(out)).toEqual({
      startIndex: 0,
      itemsPerPage: 2,
      totalResults: 3,
      entry: [{ id: "ns:b" }, { id: "ns:c" }],
    });
  });

  it("leaves other requests' answers as they are", () => {
    const text = JSON.stringify(list);
    expect(
      smallDefaultPage(text, "application/json", get("/os/0.8/people/@me/@friends?count=50")),
    ).toBe(text);
  });

  it("cuts an Atom feed the same way", () => {
    const person = (id: string) => ({
      id,
      nickname: id,
      displayName: id,
      updated: "2026-01-02T03:04:05Z",
      hasApp: true,
      thumbnailUrl: `https://img.example.org/${id}.jpg`,
    });
    const feed = toAtom("people", { ...list, entry: ["ns:b", "ns:c", "ns:e"].map(person) });
    const out = smallDefaultPage(
      feed,
      "application/atom+xml; charset=utf-8",
      get("/os/0.8/people/@me/@friends?format=atom"),
    );
    const read = fromAtom("people", out);
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    expect(read.value).toEqual({ ...list, itemsPerPage: 2, entry: ["ns:b", "ns:c"].map(person) });
  });
});
