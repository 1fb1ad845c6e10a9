/**
 * One result convention (issue 15 §1): every exported function that can fail on its input
 * returns `{ ok: false, issues }` on bad input (never throws, never a bare list), each issue a
 * coded record with a pointer and a message. A new such function joins this table.
 */
import { describe, expect, it } from "vitest";
import { fromAtom as fromAtomSubpath } from "../../src/codecs/atom/index.js";
import { fromJson as fromJsonSubpath } from "../../src/codecs/json/index.js";
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

const CALLS: [string, () => unknown][] = [
  ["validate", () => validate("albums", { entry: 3 })],
  ["fromJson", () => fromJson("albums", "{")],
  ["json/fromJson", () => fromJsonSubpath("people", "[")],
  ["fromAtom", () => fromAtom("appdata", "<feed")],
  ["atom/fromAtom", () => fromAtomSubpath("people", "<!DOCTYPE x><feed/>")],
  ["readCaptured", () => readCaptured(bad, { kind: "appdata" })],
  ["convertCaptured", () => convertCaptured(bad, { kind: "appdata", to: "json" })],
  ["server/loadWorld", () => loadWorld({ people: 1 })],
  ["server/openStore", () => openStore("/proc/no-such-dir/x.sqlite")],
];

describe("Result on bad input", () => {
  it.each(CALLS)("%s", (_name, call) => {
    const r = call() as { ok: boolean; issues?: unknown };
    expect(r.ok).toBe(false);
    expect(Array.isArray(r.issues) && r.issues.length > 0).toBe(true);
    for (const i of r.issues as { code: string; pointer: string; message: string }[]) {
      expect(ISSUE_CODES).toContain(i.code);
      expect(typeof i.pointer).toBe("string");
      expect(i.message.length).toBeGreaterThan(0);
    }
  });
});
