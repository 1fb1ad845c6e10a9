/**
 * SQLite {@link AppDataStore} (better-sqlite3): WAL with `synchronous=FULL`, so a committed
 * transaction is on disk; writes of concurrent requests are group-committed. Key order is kept
 * by a sequence number assigned when a key is first written (P-FMT-3); rewriting a key keeps
 * its number, deleting and writing it again gives a new one. Records read are cached (this
 * process owns the file); a record's cache entry is dropped right after a write to it commits.
 */
import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import type Database from "better-sqlite3";
import { RECORD_LIMITS } from "../../model/limits.js";
import { OperationalError } from "../../model/operational-error.js";
import { excerpt } from "../../model/quote.js";
import { isMissingSqliteBinding, loadDriver, MISSING_SQLITE_BINDING } from "./drivers.js";
import { commitQueue } from "./group-commit.js";
import { makeFolders } from "./make-folders.js";
import { type AppDataMap, type AppDataStore, pick } from "./types.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS appdata (
  app TEXT NOT NULL, user TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, seq INTEGER NOT NULL,
  PRIMARY KEY (app, user, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS appdata_order ON appdata (app, user, seq);
`;

/** Thrown inside a write's transaction when the record would cross RECORD_LIMITS. */
const OVER_LIMIT = Symbol("over-limit");

/** Most records kept in the read cache. */
const CACHE_LIMIT = 10_000;

/** True when `path` is a folder (false when it is missing or cannot be reached). */
function isDirectory(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

/**
 * Opens `file` for this process alone: EXCLUSIVE locking (the read cache assumes no other
 * writer), and a write transaction at once, so that a file another process holds, a read-only
 * file or an unwritable folder is refused at start (`OSK_STORE_UNAVAILABLE`), not at the first
 * POST.
 */
function openExclusive(file: string): Database.Database {
  // SQLite opens a temporary database, deleted on close, for an empty name: every write would
  // be acknowledged and then lost
  if (file.trim() === "")
    throw new OperationalError(
      "OSK_STORE_UNAVAILABLE",
      "an empty path names no file (SQLite would keep the data in a temporary database)",
    );
  // SQLite says only "unable to open database file" of a folder
  if (file !== ":memory:" && isDirectory(file))
    throw new OperationalError(
      "OSK_STORE_UNAVAILABLE",
      `${excerpt(file)}: a directory; give a file path in it, such as ${excerpt(join(file, "appdata.sqlite"))}`,
    );
  const Driver = loadDriver("better-sqlite3");
  let db: Database.Database | undefined;
  try {
    makeFolders(dirname(file));
    db = new Driver(file, { timeout: 0 }); // a held file is refused at once, not after 5 s
    db.pragma("locking_mode = EXCLUSIVE");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec("BEGIN IMMEDIATE; COMMIT;");
    db.pragma("busy_timeout = 5000");
    db.exec(SCHEMA);
    return db;
  } catch (e) {
    db?.close();
    if (isMissingSqliteBinding(e))
      throw new OperationalError("OSK_STORE_UNAVAILABLE", MISSING_SQLITE_BINDING);
    const code = (e as { code?: string }).code ?? "";
    const why =
      code === "SQLITE_BUSY"
        ? "in use by another process"
        : code === "SQLITE_READONLY" || code === "EACCES" || code === "EROFS"
          ? "not writable"
          : (e as Error).message;
    // Node's message for a folder it could not make names the path again.
    throw new OperationalError("OSK_STORE_UNAVAILABLE", `${excerpt(file)}: ${excerpt(why)}`);
  }
}

/** Opens (creating if needed) the SQLite store at `file`. */
export function sqliteStore(file: string): AppDataStore {
  const db = openExclusive(file);
  const selectAll = db
    .prepare<[string, string], [string, string]>(
      "SELECT key, value FROM appdata WHERE app = ? AND user = ? ORDER BY seq",
    )
    .raw(true);
  const upsert = db.prepare(
    "INSERT INTO appdata (app, user, key, value, seq) VALUES (?, ?, ?, ?, ?) ON CONFLICT (app, user, key) DO UPDATE SET value = excluded.value",
  );
  const recordSize = db.prepare<[string, string], { n: number; bytes: number }>(
    "SELECT COUNT(*) AS n, COALESCE(SUM(OCTET_LENGTH(key) + OCTET_LENGTH(value)), 0) AS bytes FROM appdata WHERE app = ? AND user = ?",
  );
  const deleteKey = db.prepare("DELETE FROM appdata WHERE app = ? AND user = ? AND key = ?");
  const deleteUser = db.prepare("DELETE FROM appdata WHERE app = ? AND user = ?");
  const seededRow = db.prepare("SELECT value FROM meta WHERE name = 'seeded'");
  const markSeeded = db.prepare("INSERT INTO meta (name, value) VALUES ('seeded', '1')");
  let seq = (db.prepare("SELECT COALESCE(MAX(seq), 0) AS n FROM appdata").get() as { n: number }).n;
  const queue = commitQueue((body) => db.transaction(body)());
  const setPairs = (
    app: string,
    user: string,
    pairs: Iterable<readonly [string, string]>,
  ): void => {
    for (const [k, v] of pairs) upsert.run(app, user, k, v, ++seq);
  };
  const cache = new Map<string, Map<string, string>>();
  const cacheId = (app: string, user: string): string => `${app}\u0000${user}`;
  const forget = (app: string, user: string) => () => cache.delete(cacheId(app, user));
  let closed = false;
  /** Every operation after close() is refused as the store being unavailable (a 503). */
  const open = (): void => {
    if (closed) throw new OperationalError("OSK_STORE_UNAVAILABLE", `${excerpt(file)}: closed`);
  };
  return {
    volatile: false,
    read(app, user, keys): AppDataMap {
      open();
      const id = cacheId(app, user);
      let rec = cache.get(id);
      if (!rec) {
        rec = new Map<string, string>();
        for (const [key, value] of selectAll.all(app, user)) rec.set(key, value);
        cache.set(id, rec);
        if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value ?? id);
      }
      return pick(rec, keys);
    },
    async write(app, user, pairs) {
      open();
      const run = (): void => {
        setPairs(app, user, pairs);
        const size = recordSize.get(app, user);
        // Thrown inside the transaction, so the write is rolled back (RECORD_LIMITS).
        if (size && (size.n > RECORD_LIMITS.maxKeys || size.bytes > RECORD_LIMITS.maxBytes))
          throw OVER_LIMIT;
      };
      return queue.submit(run, forget(app, user)).then(
        () => "written" as const,
        (e: unknown) => {
          if (e === OVER_LIMIT) return "over-limit" as const;
          throw e;
        },
      );
    },
    async delete(app, user, keys) {
      open();
      return queue.submit(
        () => {
          if (keys === undefined) deleteUser.run(app, user);
          else for (const k of keys) deleteKey.run(app, user, k);
        },
        forget(app, user),
      );
    },
    seedOnce(seed) {
      open();
      db.transaction(() => {
        if (seededRow.get() !== undefined) return;
        markSeeded.run();
        for (const [app, users] of Object.entries(seed))
          for (const [user, record] of Object.entries(users))
            setPairs(app, user, Object.entries(record));
      })();
      cache.clear();
    },
    async ping() {
      open();
    },
    async close() {
      if (closed) return;
      closed = true;
      queue.flush();
      db.close();
    },
  };
}
