/**
 * The dynamic part of the fuzzer's model: application data as the sequence wrote it, per app
 * and user, keys in the order they were first written (P-FMT-3: a key deleted and written again
 * counts as new; within one request, the body's order). POST merges (P-DATA-4); DELETE removes
 * the named keys, or all of them (§4.5).
 */
import { RECORD_LIMITS, recordBytes } from "../../model/limits.js";
import type { FuzzWorld } from "./world.js";

/** One user's record: insertion-ordered (a Map keeps integer-like keys in place). */
type OrderedRecord = Map<string, string>;

/** app id → user id → record. */
export class AppDataModel {
  private readonly data = new Map<string, Map<string, OrderedRecord>>();
  /** `app\0user\0key` → the statement of the delete that removed it last (for attribution). */
  private readonly removed = new Map<string, string>();
  /** `app\0user` → the statement of the last delete on the record since its last write. */
  private readonly deletes = new Map<string, string>();

  /** The model at the start of a run: the world file's seeded data. */
  static fromWorld(world: FuzzWorld): AppDataModel {
    const m = new AppDataModel();
    for (const [app, users] of world.appdata)
      for (const [user, pairs] of users) m.write(app, user, pairs);
    return m;
  }

  /** The record of `user` in `app` (empty when none). */
  record(app: string, user: string): ReadonlyMap<string, string> {
    return this.data.get(app)?.get(user) ?? new Map();
  }

  /**
   * P-DATA-7: whether merging `pairs` would take the record past 10,000 keys or 4 MiB of keys and
   * values (UTF-8); such a write is refused and leaves the record unchanged.
   */
  exceedsLimit(app: string, user: string, pairs: readonly (readonly [string, string])[]): boolean {
    const merged = new Map(this.record(app, user));
    for (const [k, v] of pairs) merged.set(k, v);
    return merged.size > RECORD_LIMITS.maxKeys || recordBytes(merged) > RECORD_LIMITS.maxBytes;
  }

  /** P-DATA-4: sets the pairs, in order; other keys are kept. */
  write(app: string, user: string, pairs: readonly (readonly [string, string])[]): void {
    const users = this.data.get(app) ?? new Map<string, OrderedRecord>();
    this.data.set(app, users);
    const rec = users.get(user) ?? new Map<string, string>();
    users.set(user, rec);
    this.deletes.delete(`${app}\0${user}`);
    for (const [k, v] of pairs) {
      rec.set(k, v);
      this.removed.delete(`${app}\0${user}\0${k}`);
    }
  }

  /**
   * The statement of the last delete on a record, while no key was written after it: a key
   * missing then was most likely removed by that delete.
   */
  lastDelete(app: string, user: string): string | undefined {
    return this.deletes.get(`${app}\0${user}`);
  }

  /** The statement of the delete that removed `key`, if a delete did. */
  removedBy(app: string, user: string, key: string): string | undefined {
    return this.removed.get(`${app}\0${user}\0${key}`);
  }

  /** §4.5: deletes `keys`, or every key when `keys` is undefined. */
  delete(app: string, user: string, keys?: readonly string[]): void {
    const rec = this.data.get(app)?.get(user);
    this.deletes.set(`${app}\0${user}`, keys ? "S-4.5-DELETE-FIELDS" : "S-4.5-DELETE-ALL");
    if (!rec) return;
    for (const k of keys ?? [...rec.keys()])
      if (rec.delete(k))
        this.removed.set(
          `${app}\0${user}\0${k}`,
          keys ? "S-4.5-DELETE-FIELDS" : "S-4.5-DELETE-ALL",
        );
  }

  /** A copy (fast-check runs each sequence on a fresh model). */
  clone(): AppDataModel {
    const m = new AppDataModel();
    for (const [app, users] of this.data)
      for (const [user, rec] of users) m.write(app, user, [...rec]);
    for (const [k, v] of this.removed) m.removed.set(k, v);
    for (const [k, v] of this.deletes) m.deletes.set(k, v);
    return m;
  }
}
