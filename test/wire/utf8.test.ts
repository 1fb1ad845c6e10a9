/**
 * decodeUtf8 (P-DATA-1) decodes as the WHATWG decoder with `fatal` does, whichever of its ways a
 * body takes (ASCII, short text, long text transcoded): the same text, a leading byte order mark
 * dropped, and the same refusals of ill-formed bytes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "../../src/wire/utf8.js";

const whatwg = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

function expected(bytes: Uint8Array): string | undefined {
  try {
    return whatwg.decode(bytes);
  } catch {
    return undefined;
  }
}

const BOM = [0xef, 0xbb, 0xbf];

/** Well-formed UTF-8 of any length up to a few KiB (past the transcoding threshold). */
const wellFormed = fc
  .tuple(fc.string({ unit: "binary", maxLength: 40 }), fc.integer({ min: 1, max: 120 }))
  .map(([s, times]) => new Uint8Array(Buffer.from(s.repeat(times))));

/** Bytes broken somewhere: one byte replaced, the last ones cut, or both. */
const broken = fc
  .tuple(wellFormed, fc.nat(), fc.integer({ min: 0x80, max: 0xff }), fc.nat({ max: 3 }))
  .map(([b, at, byte, cut]) => {
    const out = b.slice(0, Math.max(0, b.length - cut));
    if (out.length > 0) out[at % out.length] = byte;
    return out;
  });

describe("decodeUtf8", () => {
  it("property: well-formed text, with or without a byte order mark, decodes as TextDecoder does", () => {
    fc.assert(
      fc.property(wellFormed, fc.boolean(), (b, bom) => {
        const bytes = bom ? new Uint8Array([...BOM, ...b]) : b;
        expect(decodeUtf8(bytes)).toBe(expected(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it("property: ill-formed bytes are refused exactly where TextDecoder refuses them", () => {
    fc.assert(
      fc.property(broken, (b) => {
        expect(decodeUtf8(b)).toBe(expected(b));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ["an overlong slash", [0xc0, 0xaf]],
    ["a UTF-16 surrogate", [0xed, 0xa0, 0x80]],
    ["a code point above U+10FFFF", [0xf4, 0x90, 0x80, 0x80]],
    ["a cut sequence", [0xe2, 0x82]],
    ["a lone continuation byte", [0x80]],
  ])("refuses %s, in a short body and in a long one", (_what, bad) => {
    for (const pad of [0, 4096]) {
      const bytes = new Uint8Array([...Buffer.from("é".repeat(pad)), ...bad]);
      expect(decodeUtf8(bytes)).toBeUndefined();
    }
  });

  it("drops only the first of two leading byte order marks, in a short body and a long one", () => {
    for (const body of ["é", "é".repeat(2048), "a".repeat(1021)]) {
      const text = `\uFEFF\uFEFF${body}\uFEFF`;
      expect(decodeUtf8(new Uint8Array(Buffer.from(text)))).toBe(text.slice(1));
    }
  });

  it("reads a view into a larger buffer as its own bytes only", () => {
    const whole = Buffer.from(`xx${"é".repeat(1024)}yy`);
    expect(decodeUtf8(whole.subarray(2, whole.length - 2))).toBe("é".repeat(1024));
    expect(decodeUtf8(whole.subarray(0, 2))).toBe("xx");
  });
});
