/**
 * `opensocial-kit serve`: prints its URL, answers signed requests, stops cleanly
 * on SIGTERM, and refuses a broken world with the path of the fault.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { worldCommand } from "../../src/cli/commands/world.js";
import { signRequest } from "../../src/oauth/index.js";
import { sink } from "../conformance/helpers.js";
import { APPS, call, tempDir } from "./harness.js";
import { serve } from "./serve-child.js";

const t = tempDir();
afterAll(() => t.remove());
describe("serve", () => {
  it("prints its URL, answers, and exits 0 on SIGTERM", async () => {
    const s = serve(["--port", "0", "--data", join(t.dir, "d", "appdata.sqlite")]);
    const url = await s.listening();
    expect((await call(url, { path: "/os/0.8/people/@me/@self" })).status).toBe(200);
    s.child.kill("SIGTERM");
    expect(await s.exit).toBe(0);
    expect(s.output().out).toContain("stopped");
  });
  it("a generated world with its target.json beside it: the banner shows that file's users and names it", async () => {
    const dir = join(t.dir, "generated");
    expect(worldCommand({ seed: "7", out: dir, force: false }, sink(), sink())).toBe(0);
    const target = JSON.parse(readFileSync(join(dir, "target.json"), "utf8"));
    const s = serve(["--port", "0", "--data", ":memory:", "--world", join(dir, "world.json")]);
    await s.listening();
    const out = s.output().out;
    expect(out).toContain(`users by role (from ${join(dir, "target.json")}):`);
    for (const [role, id] of Object.entries(target.users as Record<string, string>))
      expect(out).toMatch(
        new RegExp(`\\n {4}${role} +${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[ \\n]`),
      );
    expect(out).toMatch(new RegExp(`--target ${join(dir, "target.json")}`));
    expect(out).not.toContain("my-target.json");
    s.child.kill("SIGTERM");
    expect(await s.exit).toBe(0);
  });
  it("refuses a data file another server holds: exit 1, a clear message, no stack", async () => {
    const data = join(t.dir, "held", "appdata.sqlite");
    const first = serve(["--port", "0", "--data", data]);
    await first.listening();
    const second = serve(["--port", "0", "--data", data]);
    expect(await second.exit).toBe(1);
    expect(second.output().err).toMatch(/in use by another process/);
    expect(second.output().err).not.toMatch(/at .*\.ts:\d+/);
    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
  });
  it("--public-url: signatures are checked against the public origin (P-AUTH-7); a bad one exits 2", async () => {
    const s = serve([
      "--port",
      "0",
      "--data",
      ":memory:",
      "--public-url",
      "https://sandbox.example",
    ]);
    const url = await s.listening();
    expect(s.output().out).toContain("https://sandbox.example/os/0.8/");
    const signed = signRequest({
      method: "GET",
      url: "https://sandbox.example/os/0.8/people/@me/@self",
      ...APPS.quiz,
      requestorId: "example.org:alice",
    });
    const behindProxy = signed.url.replace("https://sandbox.example", url);
    expect((await fetch(behindProxy, { headers: signed.headers })).status).toBe(200);
    expect((await call(url, { path: "/os/0.8/people/@me/@self" })).status).toBe(400);
    s.child.kill("SIGTERM");
    expect(await s.exit).toBe(0);
    const bad = serve(["--port", "0", "--data", ":memory:", "--public-url", "sandbox.example"]);
    expect(await bad.exit).toBe(2);
    expect(bad.output().err).toMatch(/^--public-url: the public URL must be/);
  });
  it("refuses a world with an unknown id, naming its path", async () => {
    const bad = join(t.dir, "bad-world.json");
    writeFileSync(
      bad,
      JSON.stringify({
        namespace: "x",
        apps: [],
        people: [],
        friends: [["x:a", "x:b"]],
        albums: [],
        photos: [],
      }),
    );
    const s = serve(["--world", bad, "--port", "0", "--data", ":memory:"]);
    expect(await s.exit).toBe(1);
    expect(s.output().err).toContain("/friends/0/0");
  });

  it("refuses a missing world file, naming --world and the file, no pointer", async () => {
    const missing = join(t.dir, "no-world.json");
    const s = serve(["--world", missing, "--port", "0", "--data", ":memory:"]);
    expect(await s.exit).toBe(1);
    expect(s.output().err).toBe(`--world: cannot read ${missing}: no such file\n`);
  });
});
