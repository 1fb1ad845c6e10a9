/**
 * A person whose world record holds an empty `addresses` list may be shown with `addresses: []`
 * or without the member: §2.6 shows no structure for addresses and neither document says an
 * empty list is written. The reference writes `[]`; a proxy in front of it leaves every empty
 * list out. The cases that compare a person with the world pass against both, at both levels.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caseMessage, type Level } from "../../src/conformance/index.js";
import { generateWorld } from "../../src/worldgen/generate.js";
import { runOnWorld } from "./world-run.js";

const dir = mkdtempSync(join(tmpdir(), "osk-empty-addresses-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every `addresses: []` member of a JSON body left out. */
function withoutEmptyLists(body: string, type: string): string {
  if (!type.includes("json") || body === "") return body;
  const drop = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(drop);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k, x]) => !(k === "addresses" && Array.isArray(x) && x.length === 0))
        .map(([k, x]) => [k, drop(x)]),
    );
  };
  return JSON.stringify(drop(JSON.parse(body)));
}

describe("an empty addresses list, shown or left out", () => {
  const g = generateWorld(3);
  const roles = g.target.users as unknown as Record<string, string>;
  const emptied = new Set([roles.viewer, roles.friend, roles.friendWithoutApp]);
  const world = {
    ...g.world,
    people: g.world.people.map((p) => (emptied.has(p.id) ? { ...p, addresses: [] } : p)),
  };

  it.each<[string, Level]>([
    ["shown as []", "profile"],
    ["left out", "profile"],
    ["shown as []", "core"],
    ["left out", "core"],
  ])(
    "%s, at %s level: the person cases pass",
    async (shown, level) => {
      const r = await runOnWorld({
        world,
        target: g.target,
        dir,
        level,
        grep: /^people\/(self-fields-world|pid-exact-world|friends-fields-world)$/,
        ...(shown === "left out" ? { rewrite: withoutEmptyLists } : {}),
      });
      expect(r.cases.map((c) => `${c.id}: ${c.outcome} ${caseMessage(c) ?? ""}`.trim())).toEqual(
        r.cases.map((c) => `${c.id}: pass`),
      );
      expect(r.cases.length).toBeGreaterThan(0);
    },
    60_000,
  );
});
