/**
 * `opensocial-kit request` and the `serve` banner, as a newcomer uses them: the
 * banner's own request line, pasted, gets a 200 from the running sandbox; the command signs
 * with each role and app, sends JSON and form bodies, and exits 0 only on 2xx.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RequestArgs, requestCommand } from "../../src/cli/commands/request.js";
import { serveBanner, suggestRoles } from "../../src/cli/commands/serve-banner.js";
import { main } from "../../src/cli/main.js";
import { loadTarget } from "../../src/conformance/index.js";
import { startFake } from "../conformance/helpers.js";
import { startServerAhead } from "../conformance/server-ahead.js";
import { APPS, bundledWorld, type Running, start } from "../server/harness.js";
import { captureOutput } from "./capture-output.js";

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.close());

function sink() {
  let text = "";
  return { write: (t: string) => (text += t), text: () => text };
}

async function request(args: Partial<RequestArgs> & { method: string; path: string }) {
  const out = sink();
  const err = sink();
  const code = await requestCommand(
    { as: "viewer", app: "main", include: false, timeout: 5_000, baseUrl: s.url, ...args },
    out,
    err,
  );
  return { code, out: out.text(), err: err.text() };
}

describe("opensocial-kit request", () => {
  it("signs as the viewer with the main app: 200, body on stdout, status on stderr, exit 0", async () => {
    const r = await request({ method: "GET", path: "/os/0.8/people/@me/@self" });
    expect(r.code).toBe(0);
    expect(r.err).toBe("HTTP 200 OK\n");
    expect(JSON.parse(r.out).entry.id).toBe("example.org:alice");
  });

  it("against a target whose clock is 1,000 s ahead: signs again by its Date after the refusal (P-AUTH-3.6), 200", async () => {
    const ahead = await startServerAhead(1_000_000);
    try {
      const r = await request({
        method: "POST",
        path: "appdata/@me/@self/@app",
        json: '{"clock":"ahead"}',
        baseUrl: ahead.url,
      });
      expect(r.err).toBe("HTTP 200 OK\n");
      const read = await request({
        method: "GET",
        path: "appdata/@me/@self/@app?fields=clock",
        baseUrl: ahead.url,
      });
      expect(JSON.parse(read.out).entry["example.org:alice"]).toEqual({ clock: "ahead" });
    } finally {
      await ahead.close();
    }
  });

  it.each([
    { clock: "agrees", offsetMs: 0, times: 1 },
    { clock: "is 200 s ahead, within the window", offsetMs: 200_000, times: 1 },
    { clock: "is 1,000 s behind", offsetMs: -1_000_000, times: 2 },
  ])(
    "a 401 from a target whose clock $clock is sent $times time(s) in all",
    async ({ offsetMs, times }) => {
      let n = 0;
      const refusing = await startFake((req, res) => {
        n++;
        req.resume();
        res.writeHead(401, { date: new Date(Date.now() + offsetMs).toUTCString() });
        res.end();
      });
      try {
        const r = await request({ method: "GET", path: "people/@me/@self", baseUrl: refusing.url });
        expect(r.err).toMatch(/^HTTP 401/);
        expect(n).toBe(times);
      } finally {
        await refusing.close();
      }
    },
  );

  it("a path without / is under /os/0.8/; --as and --app pick the signer", async () => {
    const r = await request({ method: "get", path: "people/@me/@self", as: "friend" });
    expect(JSON.parse(r.out).entry.id).toBe("example.org:bob");
    // carol lacks the app: P-AUTH-5 → 403, exit 1
    const c = await request({ method: "GET", path: "people/@me/@self", as: "friendWithoutApp" });
    expect(c.code).toBe(1);
    expect(c.err).toMatch(/^HTTP 403/);
    expect(JSON.parse(c.out).error.code).toBe(403);
    // dave does not use notes: the other app is refused for him, accepted for alice
    expect(
      (await request({ method: "GET", path: "people/@me/@self", as: "stranger", app: "other" }))
        .code,
    ).toBe(1);
    expect((await request({ method: "GET", path: "people/@me/@self", app: "other" })).code).toBe(0);
  });

  it("--json and --form bodies are written (the JSON one bound by oauth_body_hash, the form one signed)", async () => {
    expect(
      (await request({ method: "POST", path: "appdata/@me/@self/@app", json: '{"a":"1 2"}' })).code,
    ).toBe(0);
    expect(
      (await request({ method: "POST", path: "appdata/@me/@self/@app", form: ["b=x=y", "c=é &"] }))
        .code,
    ).toBe(0);
    const r = await request({ method: "GET", path: "appdata/@me/@self/@app?fields=a,b,c" });
    expect(JSON.parse(r.out).entry["example.org:alice"]).toEqual({ a: "1 2", b: "x=y", c: "é &" });
    const d = await request({ method: "DELETE", path: "appdata/@me/@self/@app", include: true });
    expect(d.code).toBe(0);
    expect(d.out).toMatch(/^HTTP 200 OK\ncontent-length: 0\n/);
  });

  it("-i prints the status line and headers on stdout before the body", async () => {
    const r = await request({ method: "GET", path: "albums/@me/@self", include: true });
    expect(r.out).toMatch(
      /^HTTP 200 OK\n(?:[a-z-]+: .*\n)*content-type: application\/json; charset=utf-8\n/,
    );
    expect(r.out).toMatch(/\n\n\{"entry":/);
    expect(r.err).toBe("");
  });

  it("HEAD: the headers a GET gets (gzip among them, asked for), no body, exit 0", async () => {
    const r = await request({ method: "HEAD", path: "people/@me/@self", include: true });
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^HTTP 200 OK\n/);
    expect(r.out).toMatch(/\ncontent-encoding: gzip\n/);
    expect(r.out).toMatch(/\n\n$/);
  });

  it.each([
    [{ method: "PATCH", path: "people/@me/@self" }, /METHOD is one of/],
    [{ method: "POST", path: "appdata/@me/@self/@app", json: "{nope" }, /--json is not JSON/],
    [{ method: "POST", path: "appdata/@me/@self/@app", json: "{}", form: ["a=1"] }, /not both/],
    [{ method: "POST", path: "appdata/@me/@self/@app", form: ["novalue"] }, /key=value/],
    [{ method: "GET", path: "people/@me/@self", target: "/nonexistent/t.json" }, /nonexistent/],
    [{ method: "GET", path: "people/@me/@self?x=%ZZ" }, /malformed/],
  ])("usage error %j → exit 2, a clear message", async (args, message) => {
    const r = await request(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/);
  });

  it("a full URL is sent as it is (not under /os/0.8/), signed for itself; another scheme is refused", async () => {
    const r = await request({ method: "GET", path: `${s.url}/os/0.8/albums/@me/@self` });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).entry[0].ownerId).toBe("example.org:alice");
    const ftp = await request({ method: "GET", path: "ftp://127.0.0.1/os/0.8/people/@me/@self" });
    expect(ftp.code).toBe(2);
    expect(ftp.err).toMatch(/only http:\/\/ and https:\/\/ URLs are sent/);
  });

  it("no answer → exit 3 and a hint to start serve", async () => {
    const r = await request({
      method: "GET",
      path: "people/@me/@self",
      baseUrl: "http://127.0.0.1:9",
      target: undefined,
    });
    expect(r.code).toBe(3);
    expect(r.err).toMatch(
      /no answer from http:\/\/127\.0\.0\.1:9 \(connection: ECONNREFUSED.*\): the server there refused the connection .*start it first \(opensocial-kit serve starts the reference server\)/,
    );
  });

  it("a base URL given with /os/0.8: the 404 is printed, then the remedy", async () => {
    const r = await request({
      method: "GET",
      path: "people/@me/@self",
      baseUrl: `${s.url}/os/0.8`,
    });
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `HTTP 404 Not Found\nopensocial-kit request: 404 for ${s.url}/os/0.8/os/0.8/people/@me/@self: give the base URL without /os/0.8 (the kit adds it)\n`,
    );
    // a 404 of the API itself (an unknown person) is printed as it is
    const unknown = await request({ method: "GET", path: "people/example.org:nobody/@self" });
    expect(unknown.err).toMatch(/^HTTP 404 Not Found\n$/);
  });

  it("a body on GET: sent as given, with a note that §4 gives GET none", async () => {
    const r = await request({ method: "GET", path: "people/@me/@self", json: '{"a":"1"}' });
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      "opensocial-kit request: note: §4 gives a GET no request body; the --json body is sent as given\nHTTP 200 OK\n",
    );
    const post = await request({
      method: "POST",
      path: "appdata/@me/@self/@app",
      json: '{"z":"1"}',
    });
    expect(post.err).toBe("HTTP 200 OK\n");
    await request({ method: "DELETE", path: "appdata/@me/@self/@app?fields=z" });
  });

  it("no answer for a full URL → the message names that URL's origin, not the target's", async () => {
    const r = await request({ method: "GET", path: "http://127.0.0.1:9/os/0.8/people/@me/@self" });
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/no answer from http:\/\/127\.0\.0\.1:9 \(connection/);
    expect(r.err).not.toContain(s.url);
  });

  it("an unknown METHOD is named in the usage error", async () => {
    const r = await request({ method: "FETCH", path: "people/@me/@self" });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/METHOD is one of GET, HEAD, POST, PUT, DELETE, not "FETCH"/);
  });

  it("--help teaches: examples and exit codes", async () => {
    const { out } = captureOutput();
    try {
      expect(await main(["request", "--help"])).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    const text = out.join("");
    expect(text).toMatch(/--form score=10/);
    expect(text.replace(/\s+/g, " ")).toMatch(
      /Exit codes: 0 a 2xx answer; 1 any other status; 2 usage.*3 no answer/,
    );
  });
});

describe("serve banner", () => {
  const target = loadTarget(join(import.meta.dirname, "../../fixtures/target.json"));
  if (!target.ok) throw new Error("bundled target");
  const base = {
    url: "http://127.0.0.1:8080",
    world: bundledWorld(),
    bundledWorldFile: "/pkg/fixtures/world.json",
    data: "/home/u/.opensocial-kit/appdata.sqlite",
    defaultBaseUrl: "http://127.0.0.1:8080",
  };
  it("bundled world: files, keys, the public secrets said to be public, roles, a request line", () => {
    const text = serveBanner({ ...base, worldFile: undefined, bundledTarget: target.value });
    expect(text).toContain("world: /pkg/fixtures/world.json (the bundled sandbox world)");
    expect(text).toContain("data:  /home/u/.opensocial-kit/appdata.sqlite");
    expect(text).toContain('quiz: consumer key "quiz-key", consumer secret "quiz secret+1/é"');
    expect(text).toMatch(/these secrets are public: the bundled sandbox world/);
    expect(text).toMatch(/friendWithoutApp +example\.org:carol \(uses no app\)/);
    expect(text).toMatch(/\n {4}opensocial-kit request GET \/os\/0\.8\/people\/@me\/@self\n/);
  });
  it("a world of your own: consumer keys only, suggested roles, --target and --base-url in the line", () => {
    const text = serveBanner({
      ...base,
      url: "http://127.0.0.1:9999",
      worldFile: "/w/my-world.json",
      bundledTarget: undefined,
    });
    expect(text).toContain('quiz: consumer key "quiz-key"\n');
    for (const app of Object.values(APPS)) expect(text).not.toContain(app.consumerSecret);
    expect(text).toMatch(/never printed/);
    expect(text).toMatch(
      /request GET \/os\/0\.8\/people\/@me\/@self --target my-target\.json --base-url http:\/\/127\.0\.0\.1:9999/,
    );
  });
  it("behind a proxy (--public-url) the line is signed for and sent to the public origin", () => {
    const text = serveBanner({
      ...base,
      url: "http://127.0.0.1:8092",
      worldFile: undefined,
      bundledTarget: target.value,
      publicOrigin: "https://sandbox.example",
    });
    expect(text).toMatch(
      /\n {4}opensocial-kit request GET \/os\/0\.8\/people\/@me\/@self --base-url https:\/\/sandbox\.example\n/,
    );
  });
  it("suggested roles follow the world's friendships and apps", () => {
    expect(suggestRoles(bundledWorld())).toEqual({
      viewer: "example.org:alice",
      friend: "example.org:bob",
      friendWithoutApp: "example.org:carol",
      stranger: "example.org:dave",
      secondFriend: "example.org:erin",
    });
  });
});

describe("a newcomer pastes the banner's line", () => {
  it("serve prints a request line that gets 200 from it", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import(${JSON.stringify(join(import.meta.dirname, "../../src/cli/main.ts"))}).then(async (m) => { process.exitCode = await m.main(["serve", "--port", "0", "--data", ":memory:"]); })`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    try {
      for (let i = 0; i < 300 && !out.includes("no signature needed"); i++)
        await new Promise((r) => setTimeout(r, 50));
      const line = /^ {4}opensocial-kit (request .*)$/m.exec(out)?.[1];
      expect(line, out).toBeDefined();
      const argv = (line as string).split(" ");
      const r = sink();
      const e = sink();
      const origOut = process.stdout.write;
      const origErr = process.stderr.write;
      process.stdout.write = ((t: string) =>
        r.write(t) !== undefined) as typeof process.stdout.write;
      process.stderr.write = ((t: string) =>
        e.write(t) !== undefined) as typeof process.stderr.write;
      let code: number;
      try {
        code = await main(argv);
      } finally {
        process.stdout.write = origOut;
        process.stderr.write = origErr;
      }
      expect(code, e.text()).toBe(0);
      expect(JSON.parse(r.text()).entry.id).toBe("example.org:alice");
      const index = /index of the API and world: (\S+)/.exec(out)?.[1] as string;
      expect((await fetch(index)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await exit;
    }
  });
});
