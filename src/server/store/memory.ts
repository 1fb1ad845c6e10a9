/**
 * In-memory {@link AppDataStore}: `Map`s all the way down, so `__proto__` and `constructor` are
 * ordinary keys and insertion order is first-written order (P-FMT-3).
 */
import { RECORD_LIMITS, recordBytes } from "../../model/limits.js";
import { type AppDataMap, type AppDataStore, pick } from "./types.js";

const EMPTY: AppDataMap = new Map();

/** Creates an empty in-memory store. */
export function memoryStore(): AppDataStore {
  const apps = new Map<string, Map<string, Map<string, string>>>();
  let seeded = false;
  const recordOf = (app: string, user: string): Map<string, string> => {
    let users = apps.get(app);
    if (!users) {
      users = new Map();
      apps.set(app, users);
    }
    let rec = users.get(user);
    if (!rec) {
      rec = new Map();
      users.set(user, rec);
    }
    return rec;
  };
  return {
    volatile: true,
    read(app, user, keys) {
      return pick(apps.get(app)?.get(user) ?? EMPTY, keys);
    },
    async write(app, user, pairs) {
      const current = apps.get(app)?.get(user) ?? EMPTY;
      const merged = new Map(current);
      for (const [k, v] of pairs) merged.set(k, v);
      if (merged.size > RECORD_LIMITS.maxKeys || recordBytes(merged) > RECORD_LIMITS.maxBytes)
        return "over-limit";
      const rec = recordOf(app, user);
      for (const [k, v] of pairs) rec.set(k, v);
      return "written";
    },
    async delete(app, user, keys) {
      const rec = apps.get(app)?.get(user);
      if (!rec) return;
      if (keys === undefined) rec.clear();
      else for (const k of keys) rec.delete(k);
    },
    seedOnce(seed) {
      if (seeded) return;
      seeded = true;
      for (const [app, users] of Object.entries(seed))
        for (const [user, record] of Object.entries(users)) {
          const rec = recordOf(app, user);
          for (const [k, v] of Object.entries(record)) rec.set(k, v);
        }
    },
    async ping() {},
    async close() {},
  };
}
