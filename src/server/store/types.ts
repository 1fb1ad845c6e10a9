/**
 * The application-data store: per-app, per-user records whose keys keep the order
 * in which they were first written (P-FMT-3). Writes resolve only once durable (P-DATA-4).
 */
import type { NonceStore } from "../auth/nonce-store.js";

/** One user's record: key → value, in first-written order. */
export type AppDataMap = ReadonlyMap<string, string>;

/** What a write did: stored, or refused because the record would cross P-DATA-7's RECORD_LIMITS (model/limits.ts). */
export type WriteResult = "written" | "over-limit";

/**
 * What every store implementation offers. Reads of an embedded store (memory, SQLite) answer
 * at once, those of a database server (PostgreSQL) with a promise; writes resolve when durable.
 */
export interface AppDataStore {
  /** `true` for a store that keeps nothing across restarts. */
  readonly volatile: boolean;
  /**
   * Replay protection shared by every server over this store (P-AUTH-3), for stores that
   * several instances use at once (PostgreSQL); absent, each server keeps nonces in memory.
   */
  readonly nonces?: NonceStore;
  /** The record of `user` for `app` (empty when none); `keys` limits it, keeping stored order. */
  read(app: string, user: string, keys?: readonly string[]): AppDataMap | Promise<AppDataMap>;
  /**
   * Sets `pairs` (in order) for `user`, keeping other keys (P-DATA-4). All or nothing: resolves
   * `over-limit`, storing nothing, when the record would cross RECORD_LIMITS (P-DATA-7).
   */
  write(
    app: string,
    user: string,
    pairs: readonly (readonly [string, string])[],
  ): Promise<WriteResult>;
  /** Deletes `keys` of `user` (all keys when undefined). Unknown keys are ignored (P-DATA-5). */
  delete(app: string, user: string, keys?: readonly string[]): Promise<void>;
  /** Writes `seed` only if this store has never been seeded (the world file's `appdata`). */
  seedOnce(
    seed: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>,
  ): void | Promise<void>;
  /** Resolves when the store answers (health checks), rejects with `OSK_STORE_UNAVAILABLE`. */
  ping(): Promise<void>;
  /** Flushes pending writes and releases the store. */
  close(): Promise<void>;
}

/** Keeps the pairs of `record` whose key is in `keys`, in the record's order. */
export function pick(record: AppDataMap, keys: readonly string[] | undefined): AppDataMap {
  if (keys === undefined) return record;
  const wanted = new Set(keys);
  const out = new Map<string, string>();
  // forEach, not for…of: reading a few keys of a 10,000-key record (P-DATA-7) runs this loop
  // cold, where taking each entry apart costs about ten times as much (2-18 ms a read)
  record.forEach((v, k) => {
    if (wanted.has(k)) out.set(k, v);
  });
  return out;
}
