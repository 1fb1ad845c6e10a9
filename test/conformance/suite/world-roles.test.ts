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
import { isRunAbort, runSuite, type Target } from "../../../src/conformance/index.js";
import { loadWorldFacts } from "../../../src/conformance/suite/world-facts.js";
import { VIEWER_WRITE_ROOM } from "../../../src/conformance/suite/world-roles.js";
import { RECORD_LIMITS, recordBytes } from "../../../src/model/limits.js";
import type { WorldFile } from "../../../src/model/world-file.js";
import {
  type AppDataStore,
  BUNDLED_WORLD,
  createServer,
  loadWorld,
  memoryStore,
} from "../../../src/server/index.js";
import { generateWorld } from "../../../src/worldgen/generate.js";
import { withRecordOf } from "../filled-record.js";
import { bundledTarget } from "../helpers.js";

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

describe("room in the viewer's record for the write cases (P-DATA-7)", () => {
  const room = RECORD_LIMITS.maxBytes - VIEWER_WRITE_ROOM.bytes;

  it("a record that leaves the room is accepted; one byte more is refused, naming the sizes", () => {
    expect(refusals(withRecordOf(g.world, main, viewer, room))).toBe("ok");
    const over = withRecordOf(g.world, main, viewer, room + 1);
    const keys = Object.keys(over.appdata?.[main]?.[viewer] ?? {});
    expect(refusals(over)).toEqual([
      `/users/viewer: users.viewer (${JSON.stringify(viewer)}): has a record under the main app of ${room + 1} bytes and ${keys.length} keys, which leaves the write cases less than the 524288 bytes and 512 keys of room they need under P-DATA-7's 4194304 bytes and 10000 keys in the world file`,
    ]);
  });

  it("the bundled cases' writes, added up case by case against the reference, fit in VIEWER_WRITE_ROOM", async () => {
    const world = loadWorld(BUNDLED_WORLD);
    if (!world.ok) throw new Error(JSON.stringify(world.issues));
    const target = bundledTarget("http://127.0.0.1:1");
    const app = world.value.appsByKey.get(target.apps.main.consumerKey)?.id;
    const user = target.users.viewer;
    const base = memoryStore();
    const size = async () => {
      const rec = [...(await base.read(app ?? "", user ?? ""))];
      return { bytes: recordBytes(rec), keys: rec.length };
    };
    // the store seen through its interface: the viewer's record after each write, its largest
    // growth over the seeded record in each case (the cases run one at a time)
    let seeded: { bytes: number; keys: number } | undefined;
    let grown = { bytes: 0, keys: 0 };
    const store: AppDataStore = Object.assign(Object.create(base) as AppDataStore, {
      write: async (...args: Parameters<AppDataStore["write"]>) => {
        seeded ??= await size();
        const result = await base.write(...args);
        const now = await size();
        grown = {
          bytes: Math.max(grown.bytes, now.bytes - seeded.bytes),
          keys: Math.max(grown.keys, now.keys - seeded.keys),
        };
        return result;
      },
    });
    const server = createServer({ world: world.value, store });
    const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
    const total = { bytes: 0, keys: 0, writers: 0 };
    try {
      const r = await runSuite({
        target: { ...target, baseUrl: url },
        concurrency: 1,
        onCase: () => {
          total.bytes += grown.bytes;
          total.keys += grown.keys;
          if (grown.bytes > 0) total.writers++;
          grown = { bytes: 0, keys: 0 };
        },
      });
      if (isRunAbort(r)) throw new Error(JSON.stringify(r));
      expect(r.cases.filter((c) => c.outcome === "fail").map((c) => c.id)).toEqual([]);
    } finally {
      await server.close();
    }
    // the two largest values' cases alone take 320 KiB: the measure is not vacuous
    expect(total.writers).toBeGreaterThan(50);
    expect(total.bytes).toBeGreaterThan(320 * 1024);
    expect(total.bytes).toBeLessThanOrEqual(VIEWER_WRITE_ROOM.bytes);
    expect(total.keys).toBeLessThanOrEqual(VIEWER_WRITE_ROOM.keys);
    console.log(
      `viewer room measured: ${total.bytes} bytes, ${total.keys} keys, ${total.writers} cases`,
    );
  }, 60_000);
});
