/**
 * `onlyIf` names a capture or a member of one (`world.albums.friend.hidden`): the step runs only
 * when that value is non-empty, so a world case whose world lacks what it tests (a friend with
 * no hidden album) skips that step instead of failing the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseSpec } from "../../../src/conformance/index.js";
import { runCase } from "../../../src/conformance/run/run-case.js";
import { caseEnv, type Running, startFake } from "../helpers.js";

let fake: Running;
const seen: string[] = [];
beforeAll(async () => {
  fake = await startFake((req, res) => {
    seen.push(new URL(req.url ?? "/", "http://x").searchParams.get("n") ?? "");
    res.writeHead(200, { "content-type": "application/json", "content-length": "2" });
    res.end("{}");
  });
});
afterAll(() => fake.close());

const step = (n: string, onlyIf: string) => ({
  name: n,
  request: { method: "GET", path: "/os/0.8/people/@me/@self", query: { n } },
  expect: { status: 200 },
  onlyIf,
});

describe("onlyIf", () => {
  it("reads a member path of a capture: empty, missing or not there skips the step", async () => {
    seen.length = 0;
    const c: CaseSpec = {
      id: "x/only-if",
      description: "onlyIf paths",
      statements: ["P-ALBUM-2"],
      level: "profile",
      steps: [
        step("no-hidden-album", "world.albums.friend.hidden"),
        step("hidden-album", "world.albums.stranger.hidden"),
        step("no-such-member", "world.albums.nobody.hidden"),
        step("nothing-captured", "nothing.at.all"),
        step("first-id", "world.albums.stranger.hidden.0"),
      ],
    };
    const env = {
      ...caseEnv(fake.url),
      world: { albums: { friend: { hidden: [] }, stranger: { hidden: ["ns:a1"] } } },
    };
    const r = await runCase(c, env);
    await env.client.close();
    expect(r.raw).toBe("pass");
    expect(seen).toEqual(["hidden-album", "first-id"]);
    expect(r.steps.map((s) => [s.name, s.skipped === true])).toEqual([
      ["no-hidden-album", true],
      ["hidden-album", false],
      ["no-such-member", true],
      ["nothing-captured", true],
      ["first-id", false],
    ]);
  });
});
