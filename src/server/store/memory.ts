/**
 * In-memory {@link AppDataStore}: `Map`s all the way down, so `__proto__` and `constructor` are
 * ordinary keys and insertion order is first-written order (P-FMT-3).
 */
import { pairBytes, RECORD_LIMITS, recordBytes } from "../../model/limits.js";
import { type AppDataMap, type AppDataStore, pick } from "./types.js";

const EMPTY: AppDataMap = new Map();

/**
 * A copy of `s` that holds nothing else. A string cut from a larger one (the write-body scanner
 * slices keys and values from the body's text) keeps that whole text alive: a record would count
 * its bytes (P-DATA-7) while holding up to a body (P-ERR-4) for each of them. Node's
 * `structuredClone` makes a new string (the language would let it return the same one; the
 * store test checks that nothing more is held, on the Node it runs on).
 */
const own = (s: string): string => structuredClone(s);

/** Creates an empty in-memory store. */
export function memoryStore(): AppDataStore {
  const apps = new Map<string, Map<string, Map<string, string>>>();
  let seeded = false;
  // P-DATA-7's byte count of each record, kept as it changes (a write adds only its own pairs'
  // sizes: measuring the whole record on each of the 101 writes that fill 10,000 keys was
  // quadratic)
  const recordSize = new WeakMap<AppDataMap, number>();
  const bytesOf = (rec: AppDataMap): number => recordSize.get(rec) ?? 0;
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
      // the merged record's size from the written pairs alone (the last value of a key named twice)
      const written = new Map(pairs);
      let size = current.size;
      let bytes = bytesOf(current);
      for (const [k, v] of written) {
        const old = current.get(k);
        if (old === undefined) size++;
        else bytes -= pairBytes(k, old);
        bytes += pairBytes(k, v);
      }
      if (size > RECORD_LIMITS.maxKeys || bytes > RECORD_LIMITS.maxBytes) return "over-limit";
      const rec = recordOf(app, user);
      for (const [k, v] of pairs) rec.set(own(k), own(v));
      recordSize.set(rec, bytes);
      return "written";
    },
    async delete(app, user, keys) {
      const rec = apps.get(app)?.get(user);
      if (!rec) return;
      if (keys === undefined) {
        rec.clear();
        recordSize.set(rec, 0);
      } else
        for (const k of keys) {
          const old = rec.get(k);
          if (old !== undefined) recordSize.set(rec, bytesOf(rec) - pairBytes(k, old));
          rec.delete(k);
        }
    },
    seedOnce(seed) {
      if (seeded) return;
      seeded = true;
      for (const [app, users] of Object.entries(seed))
        for (const [user, record] of Object.entries(users)) {
          const rec = recordOf(app, user);
          for (const [k, v] of Object.entries(record)) rec.set(k, v);
          recordSize.set(rec, recordBytes(rec));
        }
    },
    async ping() {},
    async close() {},
  };
}
