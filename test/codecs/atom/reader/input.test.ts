/**
 * answerText, the text of an answer's bytes as the runner's checks read it: UTF-16 only where its
 * byte order mark is followed by markup, else UTF-8 with undecodable bytes as U+FFFD and a byte
 * order mark kept. ASCII takes a faster path (Latin-1); the text must be the same either way.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerText } from "../../../../src/codecs/atom/read.js";

/** What answerText is: the decoders it stands for, with no fast path. */
function byDecoders(bytes: Uint8Array): string {
  const [a, b] = bytes;
  const utf16 = a === 0xfe && b === 0xff ? "utf-16be" : a === 0xff && b === 0xfe ? "utf-16le" : "";
  if (utf16 !== "") {
    const text = new TextDecoder(utf16, { ignoreBOM: true }).decode(bytes);
    if (/^\uFEFF\s*</.test(text)) return text;
  }
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

const asciiBytes = fc.array(fc.integer({ min: 0, max: 0x7f }), { maxLength: 300 });
const anyBytes = fc.array(fc.integer({ min: 0, max: 0xff }), { maxLength: 300 });
const withBom = (bom: number[]) =>
  fc
    .tuple(fc.string({ maxLength: 40 }), fc.boolean())
    .map(([s, markup]) => [...bom, ...Buffer.from(markup ? ` <${s}` : s, "utf16le")]);

describe("answerText", () => {
  it("is the decoders' text for ASCII, any bytes, byte order marks and UTF-16 documents", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          asciiBytes,
          anyBytes,
          withBom([0xff, 0xfe]),
          withBom([0xfe, 0xff]),
          withBom([0xef, 0xbb, 0xbf]),
        ),
        (bytes) => {
          const u = Uint8Array.from(bytes);
          expect(answerText(u)).toBe(byDecoders(u));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads a view into a larger buffer from its own offset", () => {
    const whole = Buffer.from('xx{"a":1}yy');
    expect(answerText(whole.subarray(2, 9))).toBe('{"a":1}');
    expect(answerText(Buffer.from("é{}").subarray(2))).toBe("{}");
  });
});
