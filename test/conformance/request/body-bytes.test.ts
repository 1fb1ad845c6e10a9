/**
 * A body's pieces (body-bytes.ts): the bytes from…to in order, 64 KiB a piece, the same for a body
 * held whole and a filled one (head, one byte repeated, tail); a filled body's pieces inside its
 * run of the repeated byte are views of one shared buffer, not copies.
 */
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BODY_PIECE_BYTES,
  bodyPieces,
  bodyStart,
  type FilledBytes,
  wholeBody,
} from "../../../src/conformance/request/body-bytes.js";

/** The filled body written out byte by byte (the definition). */
function written(body: FilledBytes): Buffer {
  const out = Buffer.alloc(body.length, body.fill);
  Buffer.from(body.head).copy(out, 0);
  Buffer.from(body.tail).copy(out, body.length - body.tail.length);
  return out;
}

const filled = fc
  .record({
    head: fc.uint8Array({ maxLength: 70_000 }),
    tail: fc.uint8Array({ maxLength: 70_000 }),
    fill: fc.integer({ min: 0, max: 255 }),
    run: fc.integer({ min: 0, max: 4 * BODY_PIECE_BYTES }),
  })
  .map(
    ({ head, tail, fill, run }): FilledBytes => ({
      head,
      tail,
      fill,
      length: head.length + run + tail.length,
    }),
  );

/** A body and a range of it (from ≤ to ≤ length + 10: a range past the end stops at it). */
const withRange = <T extends { length: number }>(body: fc.Arbitrary<T>) =>
  body.chain((b) =>
    fc
      .tuple(fc.nat({ max: b.length }), fc.nat({ max: b.length + 10 }))
      .map(([x, y]) => ({ body: b, from: Math.min(x, y), to: Math.max(x, y) })),
  );

function expectPieces(pieces: readonly Buffer[], from: number, to: number) {
  const end = Math.max(from, to);
  expect(pieces.length).toBe(Math.ceil((end - from) / BODY_PIECE_BYTES));
  for (const [i, p] of pieces.entries())
    expect(p.length).toBe(
      i < pieces.length - 1 ? BODY_PIECE_BYTES : end - from - i * BODY_PIECE_BYTES,
    );
}

describe("bodyPieces", () => {
  it("a filled body's pieces are its bytes from…to, 64 KiB each but the last", () => {
    fc.assert(
      fc.property(withRange(filled), ({ body, from, to }) => {
        const bytes = written(body);
        const pieces = bodyPieces(body, from, to);
        expect(Buffer.concat(pieces).equals(bytes.subarray(from, to))).toBe(true);
        expectPieces(pieces, from, Math.min(to, body.length));
      }),
      { numRuns: 60 },
    );
  });

  it("a body held whole gives views of its own memory, cut the same way", () => {
    fc.assert(
      fc.property(withRange(fc.uint8Array({ maxLength: 200_000 })), ({ body, from, to }) => {
        const pieces = bodyPieces(body, from, to);
        expect(Buffer.concat(pieces).equals(Buffer.from(body).subarray(from, to))).toBe(true);
        expectPieces(pieces, from, Math.min(to, body.length));
        for (const p of pieces) expect(p.buffer).toBe(body.buffer);
      }),
      { numRuns: 60 },
    );
  });

  it("bytes made in another realm (a vm context) are read as bytes", () => {
    const foreign = runInNewContext("new Uint8Array([104, 105, 33])") as Uint8Array;
    expect(Buffer.concat(bodyPieces(foreign)).toString()).toBe("hi!");
    expect(bodyStart(foreign, 2).toString()).toBe("hi");
  });

  it("the pieces inside a filled body's run are one shared buffer, not copies", () => {
    const body: FilledBytes = {
      head: Buffer.from('{"k":"'),
      fill: 0x78,
      tail: Buffer.from('"}'),
      length: 15 * 1024 * 1024,
    };
    const pieces = bodyPieces(body);
    expect(pieces).toHaveLength(240);
    const inner = new Set(pieces.slice(1, -1).map((p) => p.buffer));
    expect(inner.size).toBe(1);
    expect(bodyStart(body, 8).toString()).toBe('{"k":"xx');
    expect(wholeBody(body).subarray(-3).toString()).toBe('x"}');
  });
});
