/**
 * Reads a file or standard input (`-`) for the payload commands, never more than `limit` + 1
 * bytes (so an oversized input is reported, not held in memory), with a clear message when the
 * file cannot be read.
 */
import { closeSync, openSync, readSync } from "node:fs";

/** The bytes read, or why none could be. */
type InputRead = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** Why a file cannot be read, in words, from its error (a directory opens on Linux, then fails). */
function whyUnreadable(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "a directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return code ?? (e as Error).message;
}

/** Reads up to `limit` + 1 bytes of `path` (`-` for standard input). */
export function readInput(path: string, limit: number): InputRead {
  let fd: number;
  try {
    fd = path === "-" ? 0 : openSync(path, "r");
  } catch (e) {
    return { ok: false, message: `${path}: ${whyUnreadable(e)}` };
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
    return { ok: false, message: `${path}: ${whyUnreadable(e)}` };
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}
