/**
 * The world file: the bundled world loads with every role the kit needs; a world
 * that breaks its schema or refers to unknown ids is refused with the path of the fault.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
  it("loads from a file an editor saved with a byte order mark (RFC 8259 §8.1 lets a parser ignore it)", () => {
    const dir = mkdtempSync(join(tmpdir(), "osk-world-"));
    try {
      const file = join(dir, "world.json");
      writeFileSync(file, `\ufeff${readFileSync(BUNDLED_WORLD, "utf8")}`);
      const w = loadWorld(file);
      expect(w.ok && w.value.friends.get("example.org:dave")).toEqual(["example.org:bob"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("has the roles the kit names (viewer alice, carol without the app)", () => {
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
  it("a schema fault: an unknown member, named by its pointer and in the message", () => {
    const f = { ...bundled(), expectedFailures: [] } as unknown as object;
    const r = loadWorld(f);
    expect(r.ok ? [] : r.issues).toContainEqual({
      code: "invalid-value",
      pointer: "/expectedFailures",
      message: 'unknown member "expectedFailures"',
    });
    const album = bundled();
    (album.albums[0] as unknown as Record<string, unknown>)["a/b"] = 1;
    expect(pointersOf(album)).toContain("/albums/0/a~1b");
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
  it("what the API could not write: a character XML 1.0 cannot carry, an empty address member name, a MIME type past 255 characters", () => {
    const f = bundled();
    const [alice, bob] = f.people as [WorldFile["people"][number], WorldFile["people"][number]];
    alice.displayName = "bad\u0001name";
    alice.addresses = [{ region: "Tokyo\uFFFE" }];
    bob.addresses = [{ "": "x" }];
    (f.albums[0] as { title: string }).title = "\uD800";
    (f.photos[0] as { mimeType: string }).mimeType = `image/${"x".repeat(250)}`;
    (f.photos[1] as { mimeType: string }).mimeType = `image/${"x".repeat(249)}`;
    (f.photos[2] as { id: string }).id = "example.org:photo-\u0007";
    expect(pointersOf(f)).toEqual(
      expect.arrayContaining([
        "/people/0/displayName",
        "/people/0/addresses/0/region",
        "/people/1/addresses/0/",
        "/albums/0/title",
        "/photos/0/mimeType",
        "/photos/2/id",
      ]),
    );
    expect(pointersOf(f)).not.toContain("/photos/1/mimeType");
  });
  it("an unreadable file or non-JSON text", () => {
    const r = loadWorld("/nonexistent/world.json");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.message).toContain("/nonexistent/world.json");
  });
});

describe("each reference fault is named exactly (code, pointer, message)", () => {
  const issuesOf = (f: WorldFile) => {
    const r = loadWorld(f);
    return r.ok ? [] : r.issues;
  };
  const fault = (pointer: string, message: string) => ({
    code: "invalid-value",
    pointer,
    message,
  });

  it("a duplicate app id and consumer key", () => {
    const f = bundled();
    f.apps.push({ ...(f.apps[0] as WorldFile["apps"][number]) });
    expect(issuesOf(f)).toEqual([
      fault("/apps/2/id", 'duplicate app id "quiz"'),
      fault("/apps/2/consumerKey", "duplicate consumer key"),
    ]);
  });

  it("two people sharing a bare value, outside the namespace (P-AUTH-4)", () => {
    const f = bundled();
    f.people.push({ ...(f.people[0] as WorldFile["people"][number]), id: "example.net:alice" });
    expect(issuesOf(f)).toEqual([
      fault("/people/5/id", "two people share a bare value (P-AUTH-4)"),
      fault("/people/5/id", 'id "example.net:alice" is not in namespace "example.org"'),
    ]);
  });

  it("an unknown app of a person, an unknown friend and a self-friendship", () => {
    const f = bundled();
    f.people[0]?.apps.push("chess");
    f.friends.push(["example.org:ghost", "example.org:alice"]);
    f.friends.push(["example.org:alice", "example.org:alice"]);
    expect(issuesOf(f)).toEqual([
      fault("/people/0/apps/2", 'unknown app "chess"'),
      fault("/friends/4/0", 'unknown person "example.org:ghost"'),
      fault("/friends/5/1", "a person cannot befriend themself"),
    ]);
  });

  it("application data of an unknown app and person, and a value breaking P-DATA-1", () => {
    const f = bundled();
    f.appdata = {
      chess: { "example.org:ghost": {} },
      quiz: { "example.org:alice": { "a.b": "\u0001" } },
    };
    expect(issuesOf(f)).toEqual([
      fault("/appdata/chess", 'unknown app "chess"'),
      fault("/appdata/chess/example.org:ghost", 'unknown person "example.org:ghost"'),
      fault("/appdata/quiz/example.org:alice/a.b", "value breaks P-DATA-1"),
    ]);
  });

  it("a bare value that is another person's whole id names two people (P-AUTH-4)", () => {
    const f = bundled();
    f.people.push({
      ...(f.people[0] as WorldFile["people"][number]),
      id: "example.org:example.org:bob",
    });
    expect(issuesOf(f)).toEqual([
      fault(
        "/people/5/id",
        'its bare value "example.org:bob" is another person\'s id: a path or requestor naming it would name two people (P-AUTH-4)',
      ),
    ]);
  });

  it("a seed record past P-DATA-7's 4 MiB (the schema bounds its keys)", () => {
    const f = bundled();
    const big = "x".repeat(65_536);
    f.appdata = {
      quiz: {
        "example.org:alice": Object.fromEntries(
          Array.from({ length: 64 }, (_, i) => [`k${String(i).padStart(2, "0")}`, big]),
        ),
      },
    };
    expect(issuesOf(f)).toEqual([
      fault(
        "/appdata/quiz/example.org:alice",
        "the record holds 64 keys and 4194496 bytes of keys and values: P-DATA-7 bounds a record at 10000 keys and 4194304 bytes",
      ),
    ]);
  });

  it("an unreadable file names the path and the system's code", () => {
    expect(loadWorld("/nonexistent/world.json")).toEqual({
      ok: false,
      issues: [
        {
          code: "not-json",
          pointer: "",
          message: "cannot read /nonexistent/world.json: no such file",
          file: "/nonexistent/world.json",
        },
      ],
    });
  });
});
