/**
 * Worlds legal by both documents and by the world schema, at edges the generator does not reach:
 * the reference serves each as it is, and the whole suite passes against it at profile level.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caseMessage } from "../../src/conformance/index.js";
import { VIEWER_WRITE_ROOM } from "../../src/conformance/suite/world-roles.js";
import { RECORD_LIMITS } from "../../src/model/limits.js";
import type { WorldFile } from "../../src/model/world-file.js";
import { generateWorld } from "../../src/worldgen/generate.js";
import { withRecordOf } from "./filled-record.js";
import { runOnWorld } from "./world-run.js";

const dir = mkdtempSync(join(tmpdir(), "osk-edge-worlds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const g = generateWorld(3);
const roles = g.target.users as unknown as Record<string, string>;

/** The generated world with the person of `role` changed by `edit`. */
function withPerson(role: string, edit: (p: WorldFile["people"][number]) => object): WorldFile {
  return {
    ...g.world,
    people: g.world.people.map((p) => (p.id === roles[role] ? { ...p, ...edit(p) } : p)),
  } as WorldFile;
}

/** How many friends the viewer has in the generated world. */
const viewerFriends = new Set(
  g.world.friends.flatMap(([a, b]) => (a === roles.viewer ? [b] : b === roles.viewer ? [a] : [])),
).size;

/** The generated world with friends added until the viewer has `total` (copies of the stranger). */
function withFriends(total: number): WorldFile {
  const n = total - viewerFriends;
  const model = g.world.people.find((p) => p.id === roles.stranger);
  if (!model) throw new Error("no stranger");
  const ns = model.id.slice(0, model.id.indexOf(":"));
  const added = Array.from({ length: n }, (_, i) => ({
    ...model,
    id: `${ns}:extra-${i}`,
    apps: [],
  }));
  return {
    ...g.world,
    people: [...g.world.people, ...added],
    friends: [...g.world.friends, ...added.map((p) => [roles.viewer, p.id])],
  } as WorldFile;
}

const EDGES: [string, WorldFile][] = [
  [
    // §2.6 gives address members no type; P-FMT-7 writes a number in Atom as its JSON text
    "address members that are numbers but no safe integers (a latitude, 1e21)",
    withPerson("viewer", () => ({
      addresses: [{ latitude: 37.7749, longitude: -122.4194, tiny: 1.5e-7, huge: 1e21 }],
    })),
  ],
  // P-PAGE-1: count=999 is a page of 999 however many friends there are, and startIndex=1000 is
  // no past-the-end index for a viewer with more than 1,000
  ["a viewer with 1,000 friends", withFriends(1000)],
  ["a viewer with 1,001 friends", withFriends(1001)],
  // P-DATA-7: a seeded record that leaves the write cases just the room they need (world-roles.ts)
  [
    "a viewer whose record leaves the write cases just their room",
    withRecordOf(
      g.world,
      g.world.apps.find((a) => a.consumerKey === g.target.apps.main.consumerKey)?.id ?? "",
      roles.viewer ?? "",
      RECORD_LIMITS.maxBytes - VIEWER_WRITE_ROOM.bytes,
    ),
  ],
];

describe("edge worlds: the reference passes every case", () => {
  it.each(EDGES)(
    "%s",
    async (_name, world) => {
      const r = await runOnWorld({ world, target: g.target, dir, level: "profile" });
      const failed = r.cases.filter((c) => c.outcome !== "pass" && c.outcome !== "skip");
      expect(failed.map((c) => `${c.id}: ${caseMessage(c) ?? ""}`)).toEqual([]);
      expect(r.cases.filter((c) => c.outcome === "pass").length).toBeGreaterThan(300);
    },
    120_000,
  );
});
