/**
 * `openStore(":memory:" | path | postgres://…)`: the in-memory store, the SQLite store at
 * `path`, or the PostgreSQL store for several instances over one database.
 */
import { fail, ok, type Result } from "../../model/issue.js";
import { OperationalError } from "../../model/operational-error.js";
import { memoryStore } from "./memory.js";
import { isPostgresUrl, postgresStore } from "./postgres.js";
import { sqliteStore } from "./sqlite.js";
import type { AppDataStore } from "./types.js";

/**
 * Opens the store named by `location` (`:memory:` keeps nothing across restarts). A SQLite file
 * that cannot be created, written or held by this process alone is refused here, as a
 * `store-unavailable` issue; a PostgreSQL URL is connected to (and its schema migrated) by the
 * first operation: `await store.ping()` to find out at start. Once open, an operation on a store
 * that stopped answering throws `OperationalError("OSK_STORE_UNAVAILABLE")`, which the server answers 503.
 */
export function openStore(location: string): Result<AppDataStore> {
  if (location === ":memory:") return ok(memoryStore());
  try {
    return ok(isPostgresUrl(location) ? postgresStore(location) : sqliteStore(location));
  } catch (e) {
    if (!(e instanceof OperationalError) || e.code !== "OSK_STORE_UNAVAILABLE") throw e;
    return fail([{ code: "store-unavailable", pointer: "", message: e.message }]);
  }
}
