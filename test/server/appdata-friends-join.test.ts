/**
 * The JSON of @friends with more than one friend holding data (§4.3, P-DATA-5): each friend's
 * entry and id joined into one document. The suite cannot require it of other servers (a target
 * guarantees only one friend with the app), so the reference's join is pinned here, with the
 * path decoding that routes such requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitPath } from "../../src/server/router.js";
import { call, type Running, start } from "./harness.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

describe("@friends with two friends holding data", () => {
  it("both entries and both ids, in one valid JSON document", async () => {
    const write = await call(s.url, {
      method: "POST",
      path: "/os/0.8/appdata/@me/@self/@app",
      as: "example.org:erin",
      json: { score: "4" },
    });
    expect(write.status).toBeLessThan(300);
    const r = await call(s.url, { path: "/os/0.8/appdata/@me/@friends/@app" });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({
      entry: { "example.org:bob": { score: "7" }, "example.org:erin": { score: "4" } },
      startIndex: 0,
      id: ["example.org:bob", "example.org:erin"],
      totalResults: 2,
    });
  });
});

describe("splitPath: percent-encoded segments are decoded", () => {
  it.each([
    ["/os/0.8/people/%40me/%40self", ["people", "@me", "@self"]],
    ["/os/0.8/people/example.org%3Aalice/@self", ["people", "example.org:alice", "@self"]],
    ["/os/0.8/people/@me/@self/", ["people", "@me", "@self"]],
    ["/os/0.8/people/%ZZ/@self", undefined],
    ["/os/0.8/people//@self", undefined],
    ["/os/0.8/", undefined],
    ["/other/people", undefined],
  ])("%s → %j", (path, segments) => {
    expect(splitPath(path)).toEqual(segments);
  });
});
