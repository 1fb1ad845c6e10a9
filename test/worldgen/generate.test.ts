/**
 * The world generator: a seed gives the same bytes every time; every world loads in the
 * reference server (schema and references) and its target's roles hold what the suite asks of a
 * target (conformance/README-runners.md); across seeds the worlds vary what a deployment may.
 */
import { describe, expect, it } from "vitest";
import { checkTarget } from "../../src/conformance/index.js";
import { isPlatformId } from "../../src/model/ids.js";
import { KitError } from "../../src/model/kit-error.js";
import { loadWorld } from "../../src/server/index.js";
import { type GeneratedWorld, generateWorld, jsonFileText } from "../../src/worldgen/generate.js";

const SEEDS = Array.from({ length: 200 }, (_, i) => i * 7919);
const worlds: GeneratedWorld[] = SEEDS.map((s) => generateWorld(s));

describe("generateWorld", () => {
  it("gives byte-identical files for one seed, other files for another", () => {
    for (const seed of [0, 7, 4_294_967_295]) {
      const a = generateWorld(seed);
      const b = generateWorld(seed);
      expect(jsonFileText(a.world)).toBe(jsonFileText(b.world));
      expect(jsonFileText(a.target)).toBe(jsonFileText(b.target));
    }
    expect(jsonFileText(generateWorld(1).world)).not.toBe(jsonFileText(generateWorld(2).world));
  });

  it("refuses what is not a seed (an integer 0 … 2³²−1)", () => {
    for (const bad of [-1, 1.5, 2 ** 32, Number.NaN])
      expect(() => generateWorld(bad)).toThrow(KitError);
  });

  it("writes a world the reference loads and a target file the runner accepts", () => {
    for (const g of worlds) {
      const w = loadWorld(g.world);
      expect(w.ok ? [] : w.issues, `seed ${g.seed}`).toEqual([]);
      const t = checkTarget(g.target, "/tmp");
      expect(t.ok ? [] : t.issues, `seed ${g.seed}`).toEqual([]);
      expect(g.target.world).toBe("world.json");
      expect(g.target.baseUrl).toBe("http://127.0.0.1:8080");
    }
    expect(generateWorld(3, { baseUrl: "http://127.0.0.1:9" }).target.baseUrl).toBe(
      "http://127.0.0.1:9",
    );
  });

  it("casts roles as the suite needs them", () => {
    for (const g of worlds) {
      const { world, target } = g;
      const at = `seed ${g.seed}`;
      const appOf = (key: string) => world.apps.find((a) => a.consumerKey === key)?.id ?? "";
      const main = appOf(target.apps.main.consumerKey);
      const other = appOf(target.apps.other.consumerKey);
      expect(main, at).not.toBe(other);
      const person = (id: string | undefined) => world.people.find((p) => p.id === id);
      const friendsOf = (id: string) => [
        ...new Set(world.friends.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : []))),
      ];
      const u = target.users;
      expect(person(u.viewer)?.apps, at).toEqual(expect.arrayContaining([main, other]));
      const friends = friendsOf(u.viewer);
      expect(friends.length, at).toBeGreaterThanOrEqual(2);
      for (const p of world.people) expect(friendsOf(p.id).length, at).toBeLessThan(50);
      expect(friends, at).toContain(u.friend);
      expect(person(u.friend)?.apps, at).toContain(main);
      expect(friends, at).toContain(u.friendWithoutApp);
      expect(person(u.friendWithoutApp)?.apps, at).not.toContain(main);
      expect(friends, at).not.toContain(u.stranger);
      expect(u.stranger, at).not.toBe(u.viewer);
      if (u.secondFriend !== undefined) {
        expect(friends, at).toContain(u.secondFriend);
        expect(person(u.secondFriend)?.apps, at).toContain(main);
      }
      expect(new Set(Object.values(u)).size, at).toBe(Object.values(u).length);
      const own = world.albums.filter((a) => a.ownerId === u.viewer).map((a) => a.id);
      expect(
        world.photos.some((p) => own.includes(p.albumId)),
        at,
      ).toBe(true);
      // §1: only a user running an application has its data.
      for (const [app, users] of Object.entries(world.appdata ?? {}))
        for (const id of Object.keys(users)) expect(person(id)?.apps, at).toContain(app);
    }
  });

  it("varies what a deployment may vary", () => {
    const all = <T>(f: (g: GeneratedWorld) => T[]) => worlds.flatMap(f);
    const people = all((g) => g.world.people);
    const albums = all((g) => g.world.albums);
    const photos = all((g) => g.world.photos);
    const apps = all((g) => g.world.apps);
    const friendCounts = worlds.map(
      (g) =>
        new Set(g.world.friends.filter((f) => f.includes(g.target.users.viewer)).flat()).size - 1,
    );
    // namespaces and id shapes (§2.1), within the form
    expect(new Set(worlds.map((g) => g.world.namespace)).size).toBeGreaterThan(20);
    expect(people.every((p) => isPlatformId(p.id))).toBe(true);
    const values = people.map((p) => p.id.slice(p.id.indexOf(":") + 1));
    for (const shape of [/\./, /-/, /_/, /^[0-9]+$/, /~/, /^.{60,}$/, /^[A-Za-z0-9]$/, /[A-Z]/])
      expect(
        values.some((v) => shape.test(v)),
        String(shape),
      ).toBe(true);
    // credentials with reserved characters, spaces, non-ASCII, %, +, &, =
    const secrets = apps.map((a) => a.consumerSecret).join("");
    for (const c of [":", "/", "?", "#", "[", "@", "!", "&", "=", "+", " ", "%", "é"])
      expect(secrets.includes(c), c).toBe(true);
    expect(apps.some((a) => /[^A-Za-z0-9._~-]/.test(a.consumerKey))).toBe(true);
    expect(new Set(apps.map((a) => a.id)).size).toBeGreaterThan(5);
    // optional fields present for some people only, partial addresses
    expect(
      worlds.some((g) => {
        const guests = g.world.people.filter((p) => p.isGuest !== undefined).length;
        return guests > 0 && guests < g.world.people.length;
      }),
    ).toBe(true);
    const addresses = people.flatMap((p) => p.addresses ?? []);
    expect(addresses.some((a) => Object.keys(a).join() === "region")).toBe(true);
    expect(people.some((p) => p.addresses?.length === 0)).toBe(true);
    // albums and photos
    expect(albums.some((a) => !photos.some((p) => p.albumId === a.id))).toBe(true);
    expect(albums.some((a) => a.description === "")).toBe(true);
    expect(albums.some((a) => a.title === "")).toBe(true);
    expect(photos.some((p) => p.description === "")).toBe(true);
    expect(new Set(albums.map((a) => a.visibility))).toEqual(
      new Set(["everyone", "friends", "self"]),
    );
    expect(new Set(photos.map((p) => p.mimeType)).size).toBeGreaterThan(8);
    const perAlbum = new Map<string, number>();
    for (const p of photos) perAlbum.set(p.albumId, (perAlbum.get(p.albumId) ?? 0) + 1);
    expect(Math.max(...perAlbum.values())).toBeGreaterThan(20);
    // 2 to 49 friends of the viewer
    expect(Math.min(...friendCounts)).toBe(2);
    expect(Math.max(...friendCounts)).toBeGreaterThanOrEqual(45);
    expect(worlds.some((g) => g.target.users.secondFriend === undefined)).toBe(true);
    // a friendship listed both ways round
    expect(
      worlds.some((g) => {
        const pairs = new Set(g.world.friends.map(([a, b]) => [a, b].sort().join(" ")));
        return pairs.size < g.world.friends.length;
      }),
    ).toBe(true);
    // the longest MIME type a world allows, the largest file size, an updated that is no date-time
    expect(photos.some((p) => p.mimeType.length === 255)).toBe(true);
    expect(photos.some((p) => p.fileSize === Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(people.some((p) => p.updated === "")).toBe(true);
    // seed application data with varied keys and values
    const keys = worlds.flatMap((g) =>
      Object.values(g.world.appdata ?? {}).flatMap((u) => Object.values(u).flatMap(Object.keys)),
    );
    for (const k of ["_x00e9_", "9lives", "-dash", ".dot", "2", "x".repeat(128)])
      expect(keys, k).toContain(k);
  });
});
