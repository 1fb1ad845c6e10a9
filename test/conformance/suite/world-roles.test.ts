/**
 * A target whose world file does not bear out its roles (README-runners: the viewer has the main
 * app and an album with photos, `friend` is a friend with the app, …) is refused before anything
 * is sent, each role named: the cases that need them failed a server whose data merely lacked
 * them, under rules it kept (a viewer without albums failed 22 cases under P-FMT-7 and P-ERR-2.1).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "../../../src/conformance/index.js";
import { loadWorldFacts } from "../../../src/conformance/suite/world-facts.js";
import type { WorldFile } from "../../../src/model/world-file.js";
import { generateWorld } from "../../../src/worldgen/generate.js";

const dir = mkdtempSync(join(tmpdir(), "osk-world-roles-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const g = generateWorld(3);
const users = g.target.users as unknown as Record<string, string>;
const viewer = users.viewer ?? "";
const main = g.world.apps.find((a) => a.consumerKey === g.target.apps.main.consumerKey)?.id ?? "";

/** The role issues of `world` under the generated target with `users` changed: "ok" when none. */
function refusals(world: WorldFile, changed: Record<string, string> = {}): string[] | "ok" {
  const file = join(dir, `w${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(world));
  const target: Target = {
    baseUrl: "http://127.0.0.1:1",
    apps: g.target.apps as unknown as Target["apps"],
    users: { ...users, ...changed },
    world: file,
  };
  const r = loadWorldFacts(target);
  return r.ok ? "ok" : r.issues.map((i) => `${i.pointer}: ${i.message}`);
}

const withoutApp = (id: string, app: string): WorldFile => ({
  ...g.world,
  people: g.world.people.map((p) =>
    p.id === id ? { ...p, apps: (p.apps ?? []).filter((a) => a !== app) } : p,
  ),
});

describe("the target's roles, against its world", () => {
  it("the generated target fits its world", () => {
    expect(refusals(g.world)).toBe("ok");
  });

  it("a viewer who owns no album with a photo", () => {
    const world = {
      ...g.world,
      photos: g.world.photos.filter(
        (p) => g.world.albums.find((a) => a.id === p.albumId)?.ownerId !== viewer,
      ),
    };
    expect(refusals(world)).toEqual([
      `/users/viewer: users.viewer (${JSON.stringify(viewer)}): owns no album with a photo, which the album and photo cases read in the world file`,
    ]);
  });

  it("a viewer without the main app, and without the other one", () => {
    const other =
      g.world.apps.find((a) => a.consumerKey === g.target.apps.other.consumerKey)?.id ?? "";
    expect(refusals(withoutApp(viewer, main))).toEqual([
      `/users/viewer: users.viewer (${JSON.stringify(viewer)}): does not use the main app in the world file`,
    ]);
    expect(refusals(withoutApp(viewer, other))).toEqual([
      expect.stringContaining("does not use the other app (apps.other) in the world file"),
    ]);
  });

  it("roles swapped: a friend without the app as friend, a friend as stranger", () => {
    expect(
      refusals(g.world, { friend: users.friendWithoutApp ?? "", stranger: users.friend ?? "" }),
    ).toEqual([
      expect.stringMatching(/^\/users\/friend: .*does not use the main app in the world file$/),
      expect.stringMatching(/^\/users\/stranger: .*is a friend of the viewer in the world file$/),
    ]);
    expect(refusals(g.world, { friendWithoutApp: users.stranger ?? "" })).toEqual([
      expect.stringMatching(/^\/users\/friendWithoutApp: .*is no friend of the viewer/),
    ]);
  });
});
