/**
 * Scale-out: two stateless instances over one PostgreSQL database behind a round-robin
 * balancer pass the whole conformance suite, and share replay protection (P-AUTH-3).
 */

import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../src/conformance/index.js";
import { signRequest } from "../../src/oauth/index.js";
import { bundledTarget } from "../conformance/helpers.js";
import { APPS, call, type Running, start } from "./harness.js";
import { type PgCluster, startCluster } from "./pg-cluster.js";
import { type Balancer, startBalancer } from "./round-robin.js";

/** Sends a request signed for `publicUrl` to `instance`, with the Host of `publicUrl`. */
function sendAs(
  instance: string,
  publicUrl: string,
  signed: { url: string; headers: Record<string, string> },
): Promise<{ status: number; text: string }> {
  const to = new URL(instance);
  const target = new URL(signed.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: to.hostname,
        port: to.port,
        path: target.pathname + target.search,
        headers: { ...signed.headers, host: new URL(publicUrl).host },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

let cluster: PgCluster;
let url: string;
const instances: Running[] = [];
let lb: Balancer;
beforeAll(async () => {
  cluster = startCluster();
  url = await cluster.createDatabase();
  // Both instances start at once on an empty database: one migrates and seeds, the other waits.
  instances.push(...(await Promise.all([start({ data: url }), start({ data: url })])));
  lb = await startBalancer(instances.map((i) => i.url));
}, 90_000);
afterAll(async () => {
  await lb?.close();
  for (const i of instances) await i.close();
  cluster?.remove();
});

describe("two instances over one PostgreSQL database behind a round-robin balancer", () => {
  it("pass the whole conformance suite (profile level, with the world)", async () => {
    const report = await runSuite({ target: bundledTarget(lb.url), concurrency: 8 });
    expect("cases" in report).toBe(true);
    if (!("cases" in report)) return;
    const failed = report.cases
      .filter((c) => c.outcome !== "pass" && c.outcome !== "skip")
      .map((c) => c.id);
    expect(failed).toEqual([]);
    expect(report.summary.pass).toBeGreaterThan(200);
    expect(report.exitCode).toBe(0);
    // the balancer really spread the run over both instances
    expect(Math.min(...lb.counts)).toBeGreaterThan(100);
  }, 120_000);

  it("a request replayed to the other instance is refused (P-AUTH-3 nonces are shared)", async () => {
    const [a, b] = instances as [Running, Running];
    // Signed once for the balancer's URL, then sent as the same bytes to each instance.
    const signedFor = (nonce: string) =>
      signRequest({
        method: "GET",
        url: `${lb.url}/os/0.8/people/@me/@self`,
        ...APPS.quiz,
        requestorId: "example.org:alice",
        nonce,
      });
    const once = signedFor(`replay-${Date.now()}`);
    expect((await sendAs(a.url, lb.url, once)).status).toBe(200);
    const replay = await sendAs(b.url, lb.url, once);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain("nonce already used");
    // control: the same request with a fresh nonce is accepted by that instance
    const fresh = await sendAs(b.url, lb.url, signedFor(`fresh-${Date.now()}`));
    expect(fresh.status).toBe(200);
  });

  it("a write through one instance is read through the other at once", async () => {
    const [a, b] = instances as [Running, Running];
    const w = await call(a.url, {
      method: "POST",
      path: "/os/0.8/appdata/@me/@self/@app",
      json: { crossInstance: "yes" },
    });
    expect(w.status).toBe(200);
    const r = await call(b.url, {
      path: "/os/0.8/appdata/@me/@self/@app?fields=crossInstance",
    });
    expect(r.json).toMatchObject({ entry: { "example.org:alice": { crossInstance: "yes" } } });
  });
});
