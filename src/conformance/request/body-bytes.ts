/**
 * A request body's bytes: held whole, or (a case's `{ "bytes": n }` body) described as a head,
 * one byte repeated, and a tail, so that a 15 MiB body (P-ERR-4.3) is never held in memory. Both
 * are read the same way, as pieces of at most 64 KiB: views over the body's own memory, or over
 * one shared run of the repeated byte, copied only where a piece crosses the head or the tail.
 * The transport writes the pieces (chunked coding frames one piece a chunk); the signer hashes
 * them.
 */
import { bufferView } from "../../wire/bytes.js";

/**
 * `head`, then the byte `fill` (0–255) until `length` bytes less the tail's, then `tail`;
 * `length` is at least the head's and the tail's together.
 */
export interface FilledBytes {
  readonly head: Uint8Array;
  readonly fill: number;
  readonly tail: Uint8Array;
  readonly length: number;
}

/** A request body's bytes. */
export type BodyBytes = Uint8Array | FilledBytes;

/** The most bytes a piece holds. */
export const BODY_PIECE_BYTES = 64 * 1024;

/** The body's bytes `from`…`to` as consecutive pieces of `BODY_PIECE_BYTES` (the last shorter). */
export function bodyPieces(body: BodyBytes, from = 0, to = body.length): Buffer[] {
  const end = Math.min(to, body.length);
  const pieces: Buffer[] = [];
  if (ArrayBuffer.isView(body)) {
    const whole = bufferView(body);
    for (let at = from; at < end; at += BODY_PIECE_BYTES)
      pieces.push(whole.subarray(at, Math.min(at + BODY_PIECE_BYTES, end)));
    return pieces;
  }
  const fillEnd = body.length - body.tail.length;
  /** The shared run, made when a piece first lies inside it (a head read alone makes none). */
  let run: Buffer | undefined;
  for (let at = from; at < end; at += BODY_PIECE_BYTES) {
    const stop = Math.min(at + BODY_PIECE_BYTES, end);
    if (at >= body.head.length && stop <= fillEnd) {
      run ??= Buffer.alloc(BODY_PIECE_BYTES, body.fill);
      pieces.push(run.subarray(0, stop - at));
    } else pieces.push(filledRange(body, at, stop));
  }
  return pieces;
}

/** The bytes `from`…`to` of a filled body, copied (a piece that crosses its head or its tail). */
function filledRange(body: FilledBytes, from: number, to: number): Buffer {
  const out = Buffer.alloc(to - from, body.fill);
  const head = bufferView(body.head);
  if (from < head.length) head.copy(out, 0, from, Math.min(head.length, to));
  const tailStart = body.length - body.tail.length;
  if (to > tailStart) {
    const tail = bufferView(body.tail);
    const at = Math.max(from, tailStart);
    tail.copy(out, at - from, at - tailStart, to - tailStart);
  }
  return out;
}

/** The body's first `n` bytes (fewer if it is shorter), copied only for a filled body. */
export function bodyStart(body: BodyBytes, n: number): Buffer {
  if (ArrayBuffer.isView(body)) return bufferView(body).subarray(0, n);
  return Buffer.concat(bodyPieces(body, 0, n));
}

/** The whole body in one buffer: a filled body is written out (only where its text is needed). */
export function wholeBody(body: BodyBytes): Buffer {
  return bodyStart(body, body.length);
}
