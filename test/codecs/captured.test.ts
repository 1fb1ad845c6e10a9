/**
 * Captured payloads: converting JSON → Atom → JSON keeps every valid value
 * (property), and hostile or broken bytes are issues, never throws.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { convertCaptured, readCaptured } from "../../src/codecs/captured.js";
import type { PersonResponse } from "../../src/model/responses.js";
import { albumList, appDataResponse } from "./atom/arbitraries.js";

const ROOT = join(import.meta.dirname, "../..");
const bytes = (v: unknown): Uint8Array => Buffer.from(JSON.stringify(v));

describe("captured payloads", () => {
  it("JSON → Atom → JSON keeps any valid application-data response", () => {
    fc.assert(
      fc.property(appDataResponse, (value) => {
        const atom = convertCaptured(bytes(value), { kind: "appdata", to: "atom" });
        if (!atom.ok) throw new Error(JSON.stringify(atom.issues));
        const back = convertCaptured(Buffer.from(atom.value), { kind: "appdata", to: "json" });
        if (!back.ok) throw new Error(JSON.stringify(back.issues));
        expect(JSON.parse(back.value)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 150 },
    );
  });

  it("JSON → Atom → JSON keeps any valid album list", () => {
    fc.assert(
      fc.property(albumList, (value) => {
        const atom = convertCaptured(bytes(value), { kind: "albums", to: "atom" });
        if (!atom.ok) throw new Error(JSON.stringify(atom.issues));
        const back = readCaptured(Buffer.from(atom.value), { kind: "albums" });
        expect(back.ok && back.value.format).toBe("atom");
      }),
      { numRuns: 100 },
    );
  });

  it("a JSON document reads as the Atom one does: lenient renderings normalised", () => {
    const json = readCaptured(
      bytes({ entry: [], startIndex: "0", itemsPerPage: "20", totalResults: "0" }),
      { kind: "albums" },
    );
    expect(json.ok && json.value.value).toEqual({
      entry: [],
      startIndex: 0,
      itemsPerPage: 20,
      totalResults: 0,
    });
    const atom = convertCaptured(
      bytes({ entry: [], startIndex: 0, itemsPerPage: 20, totalResults: 0 }),
      {
        kind: "albums",
        to: "atom",
      },
    );
    if (!atom.ok) throw new Error(JSON.stringify(atom.issues));
    const read = readCaptured(Buffer.from(atom.value), { kind: "albums" });
    expect(read.ok && read.value.value).toEqual(json.ok && json.value.value);
  });

  it("types the value by the kind asked for, in either form", () => {
    // people @self as real containers render it: booleans and counts as strings
    const sample = readFileSync(join(ROOT, "fixtures/samples/person.json"), "utf8");
    const json = readCaptured(bytes((JSON.parse(sample) as { data: unknown }[])[0]?.data), {
      kind: "person",
    });
    if (!json.ok) throw new Error(JSON.stringify(json.issues));
    expectTypeOf(json.value.value).toEqualTypeOf<PersonResponse>();
    expect(json.value.value.entry.hasApp).toBe(true);
    const atom = convertCaptured(bytes(json.value.value), { kind: "person", to: "atom" });
    if (!atom.ok) throw new Error(JSON.stringify(atom.issues));
    const read = readCaptured(Buffer.from(atom.value), { kind: "person" });
    expect(read.ok && read.value.value.entry.displayName).toBe("Alice");
  });

  it("never throws on arbitrary bytes", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom("appdata", "people", "albums"),
        (b, kind) => {
          const r = readCaptured(b, { kind: kind as "appdata" });
          expect(typeof r.ok).toBe("boolean");
          const c = convertCaptured(b, { kind: kind as "appdata", to: "atom" });
          expect(typeof c.ok).toBe("boolean");
        },
      ),
      { numRuns: 300 },
    );
  });
});
