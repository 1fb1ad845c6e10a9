/**
 * The world file (issue 4 §2): the bundled world loads with every role the kit needs; a world
 * that breaks its schema or refers to unknown ids is refused with the path of the fault.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUNDLED_WORLD, loadWorld, type WorldFile } from "../../src/server/index.js";

const bundled = (): WorldFile => JSON.parse(readFileSync(BUNDLED_WORLD, "utf8")) as WorldFile;

function pointersOf(source: object): string[] {
  const r = loadWorld(source);
  return r.ok ? [] : r.issues.map((i) => i.pointer);
}

describe("bundled world", () => {
  it("loads, with derived album fields and symmetric friendships", () => {
    const w = loadWorld(BUNDLED_WORLD);
    expect(w.ok).toBe(true);
    if (!w.ok) return;
    expect(w.value.friends.get("example.org:alice")).toEqual([
      "example.org:bob",
      "example.org:carol",
      "example.org:erin",
    ]);
    expect(w.value.friends.get("example.org:dave")).toEqual(["example.org:bob"]);
    expect(w.value.albums.get("example.org:album-1")?.mediaMimeType.length).toBeGreaterThan(1);
    expect(w.value.albums.get("example.org:album-9")?.photos).toEqual([]);
  });
  it("has the roles of notes/world.md", () => {
    const f = bundled();
    const person = (n: string) => f.people.find((p) => p.id === `example.org:${n}`);
    expect(person("alice")?.apps).toEqual(["quiz", "notes"]);
    expect(person("carol")?.apps).toEqual([]);
    expect(person("carol")).not.toHaveProperty("bloodType");
    expect(new Set(f.albums.map((a) => a.visibility))).toEqual(
      new Set(["everyone", "friends", "self"]),
    );
    expect(f.appdata?.quiz?.["example.org:alice"]).toEqual({ score: "10", level: "3" });
  });
});

describe("refused worlds name the fault", () => {
  it("a schema fault: wrong visibility", () => {
    const f = bundled();
    (f.albums[1] as { visibility: string }).visibility = "public";
    expect(pointersOf(f)).toContain("/albums/1/visibility");
  });
  it("a schema fault: a missing member", () => {
    const f = bundled() as unknown as { people: Record<string, unknown>[] };
    delete f.people[2]?.nickname;
    expect(pointersOf(f)).toContain("/people/2/nickname");
  });
  it("unknown ids in friends, albums, photos, apps and appdata", () => {
    const f = bundled();
    f.friends.push(["example.org:alice", "example.org:ghost"]);
    (f.albums[0] as { ownerId: string }).ownerId = "example.org:ghost";
    (f.photos[0] as { albumId: string }).albumId = "example.org:album-99";
    f.people[0]?.apps.push("chess");
    f.appdata = { chess: { "example.org:ghost": { a: "1" } } };
    expect(pointersOf(f)).toEqual(
      expect.arrayContaining([
        "/friends/4/1",
        "/albums/0/ownerId",
        "/photos/0/albumId",
        "/people/0/apps/2",
        "/appdata/chess",
        "/appdata/chess/example.org:ghost",
      ]),
    );
  });
  it("duplicate ids and ids outside the namespace", () => {
    const f = bundled();
    f.people.push({ ...(f.people[0] as WorldFile["people"][number]) });
    (f.albums[0] as { id: string }).id = "other.org:album-1";
    expect(pointersOf(f)).toEqual(expect.arrayContaining(["/people/5/id", "/albums/0/id"]));
  });
  it("an unreadable file or non-JSON text", () => {
    const r = loadWorld("/nonexistent/world.json");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.message).toContain("/nonexistent/world.json");
  });
});
