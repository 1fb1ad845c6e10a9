/**
 * A library step demands only what the cases using it need: against a server whose albums lack
 * `mediaItemCount` (the reference server behind a proxy that removes the member), the photo
 * cases that find an album with `find-an-album` pass, and the missing member is reported by the
 * cases about albums alone, under §2.2's clause that declares the member (entry-clause.ts), as
 * the album list's schema check finds it too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../src/conformance/index.js";
import { bundledTarget, type Running, startReference } from "./helpers.js";
import { type Passing, startProxy } from "./proxy.js";

/** Removes `mediaItemCount` from every album of a JSON album list. */
function dropMediaItemCount(p: Passing): void {
  if (!/^\/os\/0\.8\/albums\//.test(p.url) || p.url.includes("format=atom")) return;
  try {
    const doc = JSON.parse(p.body.toString("utf8")) as { entry?: Record<string, unknown>[] };
    for (const album of doc.entry ?? []) delete album.mediaItemCount;
    p.body = Buffer.from(JSON.stringify(doc));
  } catch {
    /* not JSON: leave it */
  }
}

let reference: Running;
let proxy: Running;
beforeAll(async () => {
  reference = await startReference();
  proxy = await startProxy(reference.url, dropMediaItemCount);
});
afterAll(async () => {
  await proxy.close();
  await reference.close();
});

describe("a server whose albums lack mediaItemCount", () => {
  it("passes the photo cases that find an album, and fails the album cases under §2.2", async () => {
    const r = await runSuite({
      target: bundledTarget(proxy.url),
      level: "core",
      grep: /^(mediaitems\/(me|list)|albums\/(list|media-item-count))$/,
      timeoutMs: 10_000,
    });
    if (isRunAbort(r)) throw new Error(`run stopped: ${r.abort}`);
    const outcome = Object.fromEntries(
      r.cases.map((c) => [c.id, `${c.outcome}${c.failedStatement ? ` ${c.failedStatement}` : ""}`]),
    );
    expect(outcome).toEqual({
      "mediaitems/me": "pass",
      "mediaitems/list": "pass",
      "albums/list": "fail S-2.2-ALBUM-FIELDS.1",
      "albums/media-item-count": "fail S-2.2-ALBUM-FIELDS.1",
    });
  });
});
