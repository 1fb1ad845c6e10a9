// Round-trip properties: every key and value the write path
// accepts (P-DATA-1) survives JSON → Atom → JSON unchanged, key order included (P-FMT-3); the
// same holds for albums, photos, one person and friends lists (P-FMT-7).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromAtom, toAtom } from "../../../src/codecs/atom/index.js";
import {
  albumList,
  appDataKey,
  appDataResponse,
  friendsList,
  longKey,
  personResponse,
  photoList,
  platformId,
  xmlChar,
} from "./arbitraries.js";

describe("Atom round trip: JSON → Atom → JSON", () => {
  it("appdata: every response survives, key order included (P-DATA-1, P-FMT-3, P-FMT-4)", () => {
    fc.assert(
      fc.property(appDataResponse, fc.boolean(), (value, strict) => {
        const read = fromAtom("appdata", toAtom("appdata", value, { strict }));
        expect(read).toEqual({ ok: true, value });
        if (!read.ok) return;
        for (const user of value.id) {
          expect(Object.keys(read.value.entry[user] ?? {})).toEqual(
            Object.keys(value.entry[user] ?? {}),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
  it("appdata: 128-character keys and 65,536-code-point values (the P-DATA-1 limits)", () => {
    fc.assert(
      fc.property(longKey, appDataKey, platformId, xmlChar, (key, other, id, c) => {
        const big = [...c.repeat(65_536)].slice(0, 65_536).join("");
        const value = {
          entry: { [id]: { [key]: big, [other]: "" } },
          id: [id],
          startIndex: 0,
          totalResults: 1,
        };
        expect(fromAtom("appdata", toAtom("appdata", value))).toEqual({ ok: true, value });
      }),
      { numRuns: 20 },
    );
  });
  it("albums survive (mediaMimeType empty or not)", () => {
    fc.assert(
      fc.property(albumList, (value) => {
        expect(fromAtom("albums", toAtom("albums", value))).toEqual({ ok: true, value });
      }),
      { numRuns: 150 },
    );
  });
  it("photos survive (owner from options.ownerId)", () => {
    fc.assert(
      fc.property(photoList, platformId, (value, ownerId) => {
        expect(fromAtom("photos", toAtom("photos", value, { ownerId }))).toEqual({
          ok: true,
          value,
        });
      }),
      { numRuns: 150 },
    );
  });
  it("friends lists survive (booleans and numbers typed back)", () => {
    fc.assert(
      fc.property(friendsList, fc.boolean(), (value, strict) => {
        expect(fromAtom("people", toAtom("people", value, { strict }))).toEqual({
          ok: true,
          value,
        });
      }),
      { numRuns: 150 },
    );
  });
  it("one person (@self) survives as a feed of one entry", () => {
    fc.assert(
      fc.property(personResponse, (value) => {
        expect(fromAtom("person", toAtom("person", value))).toEqual({ ok: true, value });
      }),
      { numRuns: 150 },
    );
  });
});
