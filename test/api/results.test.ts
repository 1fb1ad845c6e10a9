/**
 * One result convention: every exported function that can fail on its input
 * returns `{ ok: false, issues }` on bad input (never throws, never a bare list), each issue a
 * coded record with a pointer and a message. A new such function joins this table.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fromAtom as fromAtomSubpath } from "../../src/codecs/atom/index.js";
import { fromJson as fromJsonSubpath } from "../../src/codecs/json/index.js";
import { loadFuzzWorld } from "../../src/conformance/fuzz/world.js";
import {
  loadCases,
  loadExpectations,
  loadStatements,
  loadTarget,
  sendOne,
  type Target,
} from "../../src/conformance/index.js";
import { loadWorldFacts } from "../../src/conformance/suite/world-facts.js";
import {
  convertCaptured,
  fromAtom,
  fromJson,
  ISSUE_CODES,
  readCaptured,
  validate,
} from "../../src/index.js";
import { loadWorld, openStore } from "../../src/server/index.js";

const bad = new TextEncoder().encode("<feed><!DOCTYPE x></feed>");

/** A suite folder with one case file that is not JSON, and a world file without its lists. */
const dir = mkdtempSync(join(tmpdir(), "osk-results-"));
writeFileSync(join(dir, "case.schema.json"), "{}");
mkdirSync(join(dir, "cases"));
writeFileSync(join(dir, "cases", "x.json"), "{");
writeFileSync(join(dir, "world.json"), '{"people": {}}');
const target: Target = {
  baseUrl: "http://127.0.0.1:9",
  apps: { main: { consumerKey: "k", consumerSecret: "s" } },
  users: { viewer: "example.org:alice" },
  world: join(dir, "world.json"),
};
const { world: _world, ...withoutWorld } = target;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CALLS: [string, () => unknown][] = [
  ["validate", () => validate("albums", { entry: 3 })],
  ["validate (unknown kind)", () => validate("nope" as "albums", {})],
  ["fromJson (unknown kind)", () => fromJson("nope" as "albums", "{}")],
  ["fromJson", () => fromJson("albums", "{")],
  ["json/fromJson", () => fromJsonSubpath("people", "[")],
  ["fromAtom", () => fromAtom("appdata", "<feed")],
  ["atom/fromAtom", () => fromAtomSubpath("people", "<!DOCTYPE x><feed/>")],
  ["readCaptured", () => readCaptured(bad, { kind: "appdata" })],
  ["convertCaptured", () => convertCaptured(bad, { kind: "appdata", to: "json" })],
  ["server/loadWorld", () => loadWorld({ people: 1 })],
  ["server/openStore", () => openStore("/proc/no-such-dir/x.sqlite")],
  ["conformance/loadCases", () => loadCases([], dir)],
  ["conformance/loadTarget", () => loadTarget(join(dir, "no-such-target.json"))],
  ["conformance/loadStatements", () => loadStatements(dir)],
  ["conformance/loadExpectations", () => loadExpectations(join(dir, "cases", "x.json"))],
  [
    "conformance/sendOne (usage)",
    () => sendOne(target, { method: "GET", path: "x", as: "friend" }),
  ],
  ["loadWorldFacts", () => loadWorldFacts(target)],
  ["loadWorldFacts (no world)", () => loadWorldFacts(withoutWorld)],
  ["loadFuzzWorld", () => loadFuzzWorld(target)],
];

describe("Result on bad input", () => {
  it.each(CALLS)("%s", async (_name, call) => {
    const r = (await call()) as { ok: boolean; issues?: unknown };
    expect(r.ok).toBe(false);
    expect(Array.isArray(r.issues) && r.issues.length > 0).toBe(true);
    for (const i of r.issues as { code: string; pointer: string; message: string }[]) {
      expect(ISSUE_CODES).toContain(i.code);
      expect(typeof i.pointer).toBe("string");
      expect(i.message.length).toBeGreaterThan(0);
    }
  });
});
