/**
 * `openStore(":memory:" | path | postgres://…)`: the in-memory store, the SQLite store at
 * `path`, or the PostgreSQL store for several instances over one database (issue 12).
 */
import { memoryStore } from "./memory.js";
import { isPostgresUrl, postgresStore } from "./postgres.js";
import { sqliteStore } from "./sqlite.js";
import type { AppDataStore } from "./types.js";

/**
 * Opens the store named by `location` (`:memory:` keeps nothing across restarts). A SQLite file
 * that cannot be written is refused here; a PostgreSQL URL is connected to (and its schema
 * migrated) by the first operation: `await store.ping()` to fail at start.
 */
export function openStore(location: string): AppDataStore {
  if (location === ":memory:") return memoryStore();
  return isPostgresUrl(location) ? postgresStore(location) : sqliteStore(location);
}
