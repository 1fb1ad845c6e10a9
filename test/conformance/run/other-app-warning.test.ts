/**
 * Whether the target refuses apps.other is a warning (run/smoke.ts otherAppWarning), not a gate:
 * the run asks it beside the cases, so a distant target does not wait one more round trip before
 * the first case starts, and the report still carries the warning.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../../src/conformance/index.js";
import { BUNDLED_WORLD, createServer, loadWorld, memoryStore } from "../../../src/server/index.js";
import { bundledTarget, type Running } from "../helpers.js";
import { startProxy } from "../proxy.js";

/** How long the proxy holds a request signed with apps.other. */
const HOLD_MS = 1500;

let server: Running;
let proxy: Running;
beforeAll(async () => {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error(JSON.stringify(world.issues));
  const s = createServer({ world: world.value, store: memoryStore() });
  const { url } = await s.listen({ port: 0, host: "127.0.0.1" });
  server = { url, close: () => s.close() };
  const otherKey = bundledTarget(url).apps.other?.consumerKey;
  if (!otherKey) throw new Error("the bundled target names apps.other");
  const signedByOther = (auth: string | undefined) =>
    auth?.includes(`oauth_consumer_key="${encodeURIComponent(otherKey)}"`) === true;
  // apps.other is held, then refused as a wrong secret would be (P-AUTH-3: 401)
  proxy = await startProxy(
    url,
    (p) => {
      if (signedByOther(p.requestHeaders.authorization)) p.status = 401;
    },
    (req) => (signedByOther(req.headers.authorization) ? HOLD_MS : 0),
  );
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

describe("the other app's warning", () => {
  it("is asked beside the cases: the first case starts before its answer, the report warns", async () => {
    const r = await runSuite({ target: bundledTarget(proxy.url), grep: /^people\/self-me$/ });
    if (isRunAbort(r)) throw new Error(`aborted: ${r.abort}`);
    expect(r.summary.pass).toBe(1);
    expect(r.cases[0]?.startMs).toBeLessThan(HOLD_MS);
    expect(r.warnings).toEqual([
      expect.objectContaining({ code: "other-app-refused", status: 401 }),
    ]);
  });
});
