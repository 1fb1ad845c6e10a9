/**
 * `opensocial-kit/server`: the reference server of social-api.md with the decisions of
 * profile.md, its world loader and its application-data stores.
 */

/**
 * Generates a world file and the target file that fits it, the same bytes for the same seed
 * (`opensocial-kit world`): data nobody hand-wrote, for a sandbox or for judging a server.
 */
export {
  type GeneratedWorld,
  type GenerateOptions,
  generateWorld,
  type TargetFile,
} from "../worldgen/generate.js";
/** Creates the server (`handle`, `listen`, `close`). */
export { createServer, type ReferenceServer } from "./create-server.js";
/** `/healthz`: 200 while the store answers, 503 otherwise (for load balancers). */
export { HEALTH_PATH } from "./health.js";
/** The longest `close()` waits for the requests taken before resetting their connections. */
export { SHUTDOWN_GRACE_MS } from "./http/drain.js";
/** Default HTTP limits (1 MiB bodies, timeouts). */
export { DEFAULT_LIMITS } from "./http/limits.js";
/** P-AUTH-7: the origin a `publicUrl` gives signatures (validates it; throws `OperationalError`). */
export { publicOrigin } from "./public-url.js";
/** Structured request logs: the entry type and a JSON-lines writer for `requestLog`. */
export { jsonLinesLog, type RequestLogEntry } from "./request-log.js";
/** An empty in-memory store (nothing kept across restarts), for tests and sandboxes. */
export { memoryStore } from "./store/memory.js";
/** The application-data store: in-memory, SQLite, or PostgreSQL (`postgres://…`), as a `Result`. */
export { openStore } from "./store/open.js";
/** A `postgres://` URL with its password replaced by `***`, for messages. */
export { redactUrl } from "./store/postgres.js";
/** What a store holds (one user's record) and the store interface the server writes through. */
export type { AppDataMap, AppDataStore } from "./store/types.js";
/** Request, response and option types. */
export type {
  HttpLimits,
  ServerLogger,
  ServerOptions,
  ServerRequest,
  ServerResponse,
} from "./types.js";
/** Loads and checks a world file (schemas/world.schema.json). */
export { BUNDLED_WORLD, loadWorld } from "./world/load.js";
/** A world file as written and as the server indexes it. */
export type {
  Visibility,
  World,
  WorldAlbum,
  WorldApp,
  WorldFile,
  WorldPerson,
  WorldPhoto,
} from "./world/types.js";
