/**
 * docs/reference-server.md "Reading the feeds with feedparser": the npm `feedparser` package, the most
 * used Atom reader on npm, reads the reference's feeds and their total through its own output.
 * It has no built-in OpenSearch namespace and names such elements after the document's prefix
 * (`meta["opensearch:totalresults"]`), which is why the reference writes the `opensearch`
 * prefix (P-FMT-2, profile revision 4). Real HTTP against the in-process reference server.
 */
import { Readable } from "node:stream";
import FeedParser from "feedparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "../../src/oauth/index.js";
import { type Running, start } from "../server/harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

/** The documented recipe: fetch a signed feed, parse it with feedparser, return meta and items. */
async function readFeed(url: string): Promise<{ meta: FeedParser.Meta; items: FeedParser.Item[] }> {
  const signed = signRequest({
    method: "GET",
    url,
    consumerKey: "quiz-key",
    consumerSecret: "quiz secret+1/é",
    requestorId: "example.org:alice",
  });
  const res = await fetch(signed.url, { headers: signed.headers });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  const parser = new FeedParser({});
  const items: FeedParser.Item[] = [];
  let meta: FeedParser.Meta | undefined;
  parser.on("meta", (m: FeedParser.Meta) => {
    meta = m;
  });
  parser.on("readable", () => {
    for (let item = parser.read(); item; item = parser.read()) items.push(item);
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on("end", resolve);
    parser.on("error", reject);
  });
  Readable.fromWeb(res.body as import("node:stream/web").ReadableStream).pipe(parser);
  await done;
  return { meta: meta as FeedParser.Meta, items };
}

/** The total as feedparser reports it (an element it does not know, named by its prefix). */
function total(meta: FeedParser.Meta): number {
  const el = (meta as unknown as Record<string, { "#"?: string } | undefined>)[
    "opensearch:totalresults"
  ];
  return Number(el?.["#"]);
}

describe("npm feedparser reads the reference's Atom feeds", () => {
  it("friends (P-FMT-7): the entries, and the total from meta['opensearch:totalresults']", async () => {
    const { meta, items } = await readFeed(
      `${s.url}/os/0.8/people/@me/@friends?format=atom&count=2`,
    );
    expect(total(meta)).toBe(3);
    expect(items).toHaveLength(2);
    expect(items.every((i) => typeof i.guid === "string" && i.guid.startsWith("urn:guid:"))).toBe(
      true,
    );
  });

  it("application data (§4.3): one entry per user, and the total", async () => {
    const { meta, items } = await readFeed(`${s.url}/os/0.8/appdata/@me/@friends/@app?format=atom`);
    expect(total(meta)).toBe(items.length);
    expect(items.length).toBeGreaterThan(0);
  });
});
