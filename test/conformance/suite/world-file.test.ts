/**
 * The runner's reading of a target's world file refuses what no conforming service could hold
 * or the cases could not send, naming each fault by its pointer: a seed record past P-DATA-7,
 * a value P-DATA-1 refuses, an album or photo id a path cannot carry as written (P-ERR-6), a bare
 * value that is another person's id (P-AUTH-4). Such a world failed cases under rules the server
 * kept.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "../../../src/conformance/index.js";
import { readWorldFile } from "../../../src/conformance/suite/world-file.js";
import type { WorldFile } from "../../../src/model/world-file.js";
import { generateWorld } from "../../../src/worldgen/generate.js";

const dir = mkdtempSync(join(tmpdir(), "osk-world-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const g = generateWorld(3);

/** What readWorldFile says of `world`: the pointers and messages of its faults, or "ok". */
function faults(world: WorldFile): string[] | "ok" {
  const file = join(dir, `w${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(world));
  const r = readWorldFile({ world: file } as Target);
  return r.ok ? "ok" : r.issues.map((i) => `${i.pointer}: ${i.message}`);
}

describe("a target's world file", () => {
  it("takes the generated world", () => {
    expect(faults(g.world)).toBe("ok");
  });

  it("refuses a seed record past P-DATA-7's 4 MiB, and a value P-DATA-1 refuses", () => {
    const app = g.world.apps[0]?.id ?? "";
    const [a, b] = g.world.people.map((p) => p.id);
    const big = "é".repeat(65_536);
    const world = {
      ...g.world,
      appdata: {
        [app]: {
          [a ?? ""]: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, big])),
          [b ?? ""]: { k: "\u0001" },
        },
      },
    };
    expect(faults(world)).toEqual([
      expect.stringMatching(
        / holds 33 keys and 4325\d{3} bytes .*P-DATA-7 bounds a record at 10000 keys and 4194304 bytes$/,
      ),
      `/appdata/${app}/${b}/k: value breaks P-DATA-1`,
    ]);
  });

  it.each([
    ["a b", "holds U+0020, which a URL path cannot carry as written"],
    ["a?b", 'holds "?", which a URL path cannot carry as written'],
    ["álbum", "holds U+00E1, which a URL path cannot carry as written"],
  ])("refuses an album id holding %j and a photo of it", (value, said) => {
    const [album] = g.world.albums;
    if (!album) throw new Error("no album");
    const id = `${album.id.slice(0, album.id.indexOf(":"))}:${value}`;
    const world = {
      ...g.world,
      albums: g.world.albums.map((x) => (x === album ? { ...x, id } : x)),
      photos: g.world.photos.map((p) => (p.albumId === album.id ? { ...p, albumId: id } : p)),
    };
    const got = faults(world);
    expect(got).not.toBe("ok");
    expect(got).toEqual([expect.stringContaining(`/albums/0/id: the id ${said}`)]);
  });

  it("refuses a bare value that is another person's id (P-AUTH-4)", () => {
    const [first, second] = g.world.people;
    if (!first || !second) throw new Error("no people");
    const renamed = `${first.id.slice(0, first.id.indexOf(":"))}:${first.id}`;
    const world = {
      ...g.world,
      people: g.world.people.map((p) => (p === second ? { ...p, id: renamed } : p)),
      friends: g.world.friends.map(
        ([x, y]) =>
          [x === second.id ? renamed : x, y === second.id ? renamed : y] as [string, string],
      ),
      albums: g.world.albums.map((x) => (x.ownerId === second.id ? { ...x, ownerId: renamed } : x)),
      appdata: Object.fromEntries(
        Object.entries(g.world.appdata ?? {}).map(([app, users]) => [
          app,
          Object.fromEntries(
            Object.entries(users).map(([u, r]) => [u === second.id ? renamed : u, r]),
          ),
        ]),
      ),
    };
    expect(faults(world)).toEqual([
      `/people/1/id: its bare value ${JSON.stringify(first.id)} is another person's id: a path or requestor naming it would name two people (P-AUTH-4)`,
    ]);
  });
});
