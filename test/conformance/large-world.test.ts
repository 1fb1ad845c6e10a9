/**
 * A world larger than the default pages (P-PAGE-1: 50 friends, 20 albums): a generated world
 * grown by 60 more friends of the viewer (most with the main application, some with the other)
 * and 25 albums of each of viewer, friend and stranger, every range, whose ids sort before the
 * world's own, so that the albums with photos fall past the first page. Such a sandbox is correct
 * and real deployments hold larger ones: the reference serving it must pass the whole suite at
 * both levels. The friend's seeded record holds 99 keys (the most a world file's record holds)
 * of 100 characters: longer names than one URL should carry. No document bounds a user's lists; a case that compared a whole list with a
 * default page failed this server, blaming S-4.6-FRIENDS.1, P-ALBUM-1.3 or P-FMT-7.6.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caseMessage, type Level } from "../../src/conformance/index.js";
import type { WorldAlbum, WorldFile, WorldPerson } from "../../src/model/world-file.js";
import { generateWorld } from "../../src/worldgen/generate.js";
import { runOnWorld } from "./world-run.js";

const dir = mkdtempSync(join(tmpdir(), "osk-large-world-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `w` with the crowd of friends and the albums that push the world's own past the first page. */
function grown(w: WorldFile, users: Record<string, string>): WorldFile {
  const [main, other] = w.apps;
  const viewer = users.viewer ?? "";
  const crowd: WorldPerson[] = Array.from({ length: 60 }, (_, i) => ({
    id: `${w.namespace}:crowd${String(i).padStart(2, "0")}`,
    nickname: `crowd${i}`,
    displayName: `Crowd ${i}`,
    updated: "2020-01-01T00:00:00Z",
    thumbnailUrl: "",
    apps: [i % 6 === 0 ? (other?.id ?? "") : (main?.id ?? "")],
  }));
  const ranges = ["everyone", "friends", "self"] as const;
  const albums: WorldAlbum[] = ["viewer", "friend", "stranger"].flatMap((role) =>
    Array.from({ length: 25 }, (_, i) => ({
      // "0" sorts before every id the generator makes: these albums fill the first pages
      id: `${w.namespace}:0${role}${String(i).padStart(2, "0")}`,
      ownerId: users[role] ?? "",
      title: `${role} ${i}`,
      caption: "",
      description: "",
      thumbnailUrl: "",
      visibility: role === "stranger" ? "everyone" : (ranges[i % 3] ?? "everyone"),
    })),
  );
  // seeded records of as many keys as a world file holds, the friend's with names too long for
  // one `fields` to name them all (RFC 9110 §4.1: a URL of 8,000 octets)
  const seeded = (n: number, width: number, prefix: string) =>
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`${prefix}${String(i).padStart(width, "0")}`, `v${i}`]),
    );
  const mainId = main?.id ?? "";
  const appdata = {
    ...w.appdata,
    [mainId]: {
      ...w.appdata?.[mainId],
      [viewer]: seeded(99, 3, "seed"),
      [users.friend ?? ""]: seeded(99, 100, "long"),
    },
  };
  return {
    ...w,
    appdata,
    people: [...w.people, ...crowd],
    friends: [...w.friends, ...crowd.map((p): [string, string] => [viewer, p.id])],
    albums: [...w.albums, ...albums],
  };
}

describe("a world larger than the default pages", () => {
  it.each<Level>(["profile", "core"])(
    "the reference passes every case at %s level",
    async (level) => {
      const g = generateWorld(3);
      const world = grown(g.world, g.target.users as unknown as Record<string, string>);
      const r = await runOnWorld({ world, target: g.target, dir, level });
      const failed = r.cases
        .filter((c) => c.outcome !== "pass" && c.outcome !== "skip")
        .map((c) => `${c.id}: ${caseMessage(c) ?? c.outcome}`);
      expect(failed).toEqual([]);
      expect(r.summary.pass).toBeGreaterThan(0.9 * r.summary.total);
    },
    120_000,
  );
});
