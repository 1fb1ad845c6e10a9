/**
 * A user who does not use the application may still hold data under it (one who removed the app
 * and kept their data): neither document ties data to installing, and P-DATA-5.5 lists in
 * `@friends` every friend with data among the keys asked. The reference serves such a world as
 * it is; the whole suite passes against it at both levels.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caseMessage, type Level } from "../../src/conformance/index.js";
import { generateWorld } from "../../src/worldgen/generate.js";
import { runOnWorld } from "./world-run.js";

const dir = mkdtempSync(join(tmpdir(), "osk-data-without-app-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a friend without the app who holds data under it", () => {
  const g = generateWorld(3);
  const roles = g.target.users as unknown as Record<string, string>;
  const main = g.world.apps.find((a) => a.consumerKey === g.target.apps.main.consumerKey)?.id ?? "";
  const friendRecord = g.world.appdata?.[main]?.[roles.friend ?? ""] ?? {};
  // the same keys as the friend's record, so that the friend's `fields` names them
  const kept = Object.fromEntries(Object.keys(friendRecord).map((k) => [k, "kept"]));
  const world = {
    ...g.world,
    appdata: {
      ...g.world.appdata,
      [main]: { ...g.world.appdata?.[main], [roles.friendWithoutApp ?? ""]: kept },
    },
  };

  it("the world is one the test means: the friend has data, so the friend's fields name keys", () => {
    expect(Object.keys(friendRecord).length).toBeGreaterThan(0);
    expect(roles.friendWithoutApp).toBeTruthy();
  });

  it.each<Level>(["profile", "core"])(
    "at %s level every case passes",
    async (level) => {
      const r = await runOnWorld({ world, target: g.target, dir, level });
      expect(r.cases.map((c) => `${c.id}: ${c.outcome} ${caseMessage(c) ?? ""}`.trim())).toEqual(
        r.cases.map((c) => `${c.id}: pass`),
      );
      expect(r.cases.length).toBeGreaterThan(50);
    },
    120_000,
  );
});
