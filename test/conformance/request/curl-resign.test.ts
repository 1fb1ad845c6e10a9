/**
 * The curl line of a request the kit signed as the case meant signs it afresh (curl.ts): run by
 * /bin/sh with the consumer secret in OSK_CONSUMER_SECRET against the reference server, it gets
 * the status the kit's own request got, for each way a signature can be right but its time or
 * nonce at issue (P-AUTH-3.6, P-AUTH-3.7). The line holds neither the secret nor the signature
 * sent, and without the variable it stops before sending anything.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestSpec } from "../../../src/conformance/case-types.js";
import { createHttpClient, type HttpClient } from "../../../src/conformance/index.js";
import { curlLine } from "../../../src/conformance/request/curl.js";
import { buildRequest, sentWithResign } from "../../../src/conformance/request/request-build.js";
import { bundledTarget, type Running, startReference } from "../helpers.js";

const run = promisify(execFile);
let server: Running;
let client: HttpClient;
beforeAll(async () => {
  server = await startReference();
  client = createHttpClient(server.url, 2);
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** The request as the kit builds it for the bundled target. */
function build(spec: RequestSpec, unique: string) {
  const t = bundledTarget(server.url);
  const built = buildRequest(
    spec,
    { users: t.users, namespace: "example.org", unique, captures: new Map() },
    { origin: server.url, apps: t.apps, now },
  );
  if (!built.ok) throw new Error(built.problem.code);
  return {
    built: built.value,
    secrets: [t.apps.main.consumerSecret, t.apps.other?.consumerSecret ?? ""],
  };
}

/** The status line's code of what `line` got, run by /bin/sh with `env` added. */
async function statusOf(line: string, env: Record<string, string>): Promise<number> {
  const { stdout } = await run("/bin/sh", ["-c", line], { env: { ...process.env, ...env } });
  return Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]);
}

const PEOPLE = "/os/0.8/people/@me/@self";
const APPDATA = "/os/0.8/appdata/{viewer}/@self/@app";

describe("the curl line signs afresh what the kit signed as the case meant", () => {
  it.each<[string, RequestSpec]>([
    ["a GET", { method: "GET", path: PEOPLE, query: { fields: "id,name" } }],
    ["a JSON write", { method: "POST", path: APPDATA, body: { json: { "k{unique}": "v" } } }],
    [
      "a signed form body",
      { method: "POST", path: APPDATA, body: { form: { "k{unique}": "a b+c" } } },
    ],
    ["the other app's key", { method: "GET", path: PEOPLE, app: "other" }],
    [
      "a skew inside the window",
      { method: "GET", path: PEOPLE, auth: { mode: "valid", skew: -200 } },
    ],
    ["a stale timestamp", { method: "GET", path: PEOPLE, auth: { mode: "stale-timestamp" } }],
    [
      "a body hash",
      {
        method: "POST",
        path: APPDATA,
        body: { json: { k: "v" } },
        auth: { mode: "valid", body: "hash" },
      },
    ],
    [
      "a filled body the line writes whole",
      { method: "POST", path: APPDATA, body: { bytes: 3000 } },
    ],
    [
      "a filled body over the 1 MiB limit (P-ERR-4.1)",
      { method: "POST", path: APPDATA, body: { bytes: 1_100_000 } },
    ],
  ])("%s: the line gets the kit's status", async (_n, spec) => {
    const { built, secrets } = await build(spec, `c${Math.random().toString(36).slice(2, 8)}`);
    const kit = await client.send(built.wire);
    if (!kit.ok) throw new Error(kit.error.message);
    expect(sentWithResign(built).resign).toBeDefined();
    const secret = spec.app === "other" ? secrets[1] : secrets[0];
    const line = curlLine(sentWithResign(built), secrets);
    for (const s of secrets) expect(line).not.toContain(s);
    expect(line).not.toContain(built.signature);
    expect(await statusOf(line, { OSK_CONSUMER_SECRET: secret ?? "" })).toBe(kit.response.status);
  });

  it("a replayed nonce: the line keeps the nonce sent, and is refused as the kit's request was", async () => {
    const { built, secrets } = await build(
      { method: "GET", path: PEOPLE, auth: { mode: "replayed-nonce" } },
      "r1",
    );
    if (!built.replay) throw new Error("no first request");
    const first = await client.send(built.replay);
    const kit = await client.send(built.wire);
    expect(first.ok && first.response.status).toBe(200);
    if (!kit.ok) throw new Error(kit.error.message);
    expect(kit.response.status).not.toBe(200);
    const line = curlLine(sentWithResign(built), secrets);
    expect(line).toContain(`n='${built.nonce}'`);
    expect(await statusOf(line, { OSK_CONSUMER_SECRET: secrets[0] ?? "" })).toBe(
      kit.response.status,
    );
  });

  it("a wrong secret in the variable is refused: the line signs, it does not replay", async () => {
    const { built, secrets } = await build({ method: "GET", path: PEOPLE }, "w1");
    const wrong = await build(
      { method: "GET", path: PEOPLE, auth: { mode: "wrong-secret" } },
      "w2",
    );
    const kit = await client.send(wrong.built.wire);
    if (!kit.ok) throw new Error(kit.error.message);
    expect(kit.response.status).not.toBe(200);
    const line = curlLine(sentWithResign(built), secrets);
    expect(await statusOf(line, { OSK_CONSUMER_SECRET: "not the secret" })).toBe(
      kit.response.status,
    );
  });

  it("without OSK_CONSUMER_SECRET the line stops before curl, saying what to set", async () => {
    const { built, secrets } = await build({ method: "GET", path: PEOPLE }, "v1");
    const env = { ...process.env };
    delete env.OSK_CONSUMER_SECRET;
    const failed = await run("/bin/sh", ["-c", curlLine(sentWithResign(built), secrets)], {
      env,
    }).then(
      () => undefined,
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(failed?.code).not.toBe(0);
    expect(failed?.stdout).toBe("");
    expect(failed?.stderr).toMatch(/OSK_CONSUMER_SECRET.*consumer secret/);
  });

  it.each<[string, RequestSpec]>([
    ["a bad signature", { method: "GET", path: PEOPLE, auth: { mode: "bad-signature" } }],
    ["a wrong secret", { method: "GET", path: PEOPLE, auth: { mode: "wrong-secret" } }],
    [
      "the parameters in the query",
      { method: "GET", path: PEOPLE, auth: { mode: "valid", placement: "query" } },
    ],
    ["the raw secret as key", { method: "GET", path: PEOPLE, auth: { mode: "valid", key: "raw" } }],
    [
      "a body the line does not carry",
      { method: "POST", path: APPDATA, body: { pairs: 40, valueLength: 60 } },
    ],
    [
      "a nonce the case sets",
      {
        method: "GET",
        path: PEOPLE,
        auth: { mode: "valid", protocol: { oauth_nonce: "n{unique}" } },
      },
    ],
  ])(
    "%s: no fresh signature (it would not send the same request); the signature stays redacted",
    async (_n, spec) => {
      const { built, secrets } = await build(spec, "x1");
      expect(sentWithResign(built).resign).toBeUndefined();
      const line = curlLine(sentWithResign(built), secrets);
      expect(line).not.toContain("openssl");
      expect(line).toContain("REDACTED");
    },
  );

  it("a request whose base string holds a secret (a case that sends it in the query) keeps its signature redacted", async () => {
    const t = bundledTarget(server.url);
    const { built, secrets } = await build(
      { method: "GET", path: PEOPLE, query: { echo: t.apps.main.consumerSecret } },
      "s1",
    );
    expect(sentWithResign(built).resign).toBeDefined();
    const line = curlLine(sentWithResign(built), secrets);
    expect(line).not.toContain("openssl");
    expect(line).toContain("REDACTED");
    for (const s of secrets) expect(line).not.toContain(encodeURIComponent(s));
  });
});
