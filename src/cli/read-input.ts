/**
 * Reads a file or standard input (`-`) for the payload commands, never more than `limit` + 1
 * bytes (so an oversized input is reported, not held in memory), with a clear message when the
 * file cannot be read.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { fileReadFailure } from "../model/file-read-failure.js";

/** The bytes read, or why none could be. */
type InputRead = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** Reads up to `limit` + 1 bytes of `path` (`-` for standard input). */
export function readInput(path: string, limit: number): InputRead {
  let fd: number;
  try {
    fd = path === "-" ? 0 : openSync(path, "r");
  } catch (e) {
    return { ok: false, message: `${path}: ${fileReadFailure(e)}` };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        if ((e as { code?: string }).code === "EAGAIN") continue;
        if ((e as { code?: string }).code === "EOF") break;
        throw e;
      }
      if (n === 0) break;
      chunks.push(Buffer.from(buf.subarray(0, n)));
      size += n;
      if (size > limit) break;
    }
  } catch (e) {
    return { ok: false, message: `${path}: ${fileReadFailure(e)}` };
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
