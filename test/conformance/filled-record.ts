/** Worlds whose viewer holds a seeded record of a given size (P-DATA-7's bounds and the room the write cases need). */
import { MAX_VALUE_CODE_POINTS } from "../../src/model/limits.js";
import type { WorldFile } from "../../src/model/world-file.js";

/**
 * `world` with `user`'s record under `app` replaced by one of exactly `bytes` bytes (UTF-8 of keys
 * and values, as P-DATA-7 counts them): values of `x` as long as P-DATA-1 allows, the last one
 * shorter.
 */
export function withRecordOf(
  world: WorldFile,
  app: string,
  user: string,
  bytes: number,
): WorldFile {
  const record: Record<string, string> = {};
  let left = bytes;
  for (let i = 0; left > 0; i++) {
    const key = `fill${String(i).padStart(2, "0")}`;
    const length = Math.min(MAX_VALUE_CODE_POINTS, left - key.length);
    if (length < 0) throw new Error(`${bytes} bytes cannot be filled with keys like ${key}`);
    record[key] = "x".repeat(length);
    left -= key.length + length;
  }
  return {
    ...world,
    appdata: { ...world.appdata, [app]: { ...world.appdata?.[app], [user]: record } },
  } as WorldFile;
}
