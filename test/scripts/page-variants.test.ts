/**
 * The paging variants (scripts/mutants/page-variants.ts). The small default page: which requests
 * it cuts (a GET of albums, photos, or people `@friends`/`@all` without a pid, naming neither
 * `count` nor `startIndex`), and what it writes (the first two entries, `itemsPerPage` 2,
 * `totalResults` kept), in JSON and in Atom. The wire variants, through a proxy in front of the
 * reference: paging parameters not taken (the request signed afresh without them) and a strict
 * server's 400 to values §8 does not show.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isDefaultPageRequest,
  pagingNamedOtherwise,
  smallDefaultPage,
  strictPaging,
} from "../../scripts/mutants/page-variants.js";
import { startVariantProxy, type WireRewrite } from "../../scripts/mutants/variant-proxy.js";
import { fromAtom, toAtom } from "../../src/codecs/atom/index.js";
import { signRequest } from "../../src/oauth/index.js";
import { bundledTarget, type Running, startReference } from "../conformance/helpers.js";

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

describe("the paging wire variants, in front of the reference (real HTTP)", () => {
  const { apps } = bundledTarget("http://127.0.0.1:1");
  let reference: Running;
  beforeAll(async () => {
    reference = await startReference();
  });
  afterAll(async () => {
    await reference.close();
  });

  /** GETs `path` through a proxy applying `wire`, signed by the main app (or wrongly). */
  async function through(wire: WireRewrite, path: string, secret = apps.main.consumerSecret) {
    const proxy = await startVariantProxy(reference.url, (b) => b, undefined, wire);
    try {
      const signed = signRequest({
        method: "GET",
        url: `${proxy.url}${path}`,
        consumerKey: apps.main.consumerKey,
        consumerSecret: secret,
        requestorId: "example.org:alice",
      });
      const res = await fetch(signed.url, { headers: signed.headers });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    } finally {
      await proxy.close();
    }
  }
  const friends = "/os/0.8/people/@me/@friends";

  it("paging-named-otherwise answers a list asked with count and startIndex its default page, signed afresh", async () => {
    const paged = await through(pagingNamedOtherwise, `${friends}?count=1&startIndex=1`);
    expect(paged.status).toBe(200);
    expect(paged.body.startIndex).toBe(0);
    expect(paged.body.itemsPerPage).toBe(50);
    expect((paged.body.entry as unknown[]).length).toBeGreaterThan(1);
  });

  it("paging-named-otherwise forwards a request signed wrongly as sent (refused before paging)", async () => {
    const wrong = await through(pagingNamedOtherwise, `${friends}?count=1`, "not the secret");
    // refused as the reference refuses a wrong signature (a re-signed request would get 200)
    expect([400, 401]).toContain(wrong.status);
  });

  it("paging-strict answers 400 to a value over 20 or with leading zeros, 200 to one §8 shows", async () => {
    expect((await through(strictPaging, `${friends}?count=21`)).status).toBe(400);
    expect((await through(strictPaging, `${friends}?startIndex=01`)).status).toBe(400);
    const shown = await through(strictPaging, `${friends}?count=20&startIndex=0`);
    expect(shown.status).toBe(200);
    expect(shown.body.itemsPerPage).toBe(20);
  });
});
