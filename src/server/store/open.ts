/** `openStore(":memory:" | path)`: the in-memory store or the SQLite store at `path`. */
import { memoryStore } from "./memory.js";
import { sqliteStore } from "./sqlite.js";
import type { AppDataStore } from "./types.js";

/** Opens the store named by `location` (`:memory:` keeps nothing across restarts). */
export function openStore(location: string): AppDataStore {
  return location === ":memory:" ? memoryStore() : sqliteStore(location);
}
