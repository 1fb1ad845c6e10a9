/**
 * `opensocial-kit/server`: the reference server of social-api.md with the decisions of
 * profile.md, its world loader and its application-data stores.
 */

/** Creates the server (`handle`, `listen`, `close`). */
export { createServer, type ReferenceServer } from "./create-server.js";
/** Default HTTP limits (1 MiB bodies, timeouts). */
export { DEFAULT_LIMITS } from "./http/limits.js";
/** P-AUTH-7: the origin a `publicUrl` gives signatures (validates it; throws `KitError`). */
export { publicOrigin } from "./public-url.js";
/** The application-data store: in-memory or SQLite. */
export { openStore } from "./store/open.js";
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
export type {
  Visibility,
  World,
  WorldAlbum,
  WorldApp,
  WorldFile,
  WorldPerson,
  WorldPhoto,
} from "./world/types.js";
