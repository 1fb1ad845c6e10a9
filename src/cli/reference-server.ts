/**
 * The quick start, in one place: the reference server started in-process (127.0.0.1, any free
 * port, the bundled world, an in-memory store) and the bundled target file that fits it. Used by
 * every command that runs against "the reference" when no target is given (run, fuzz, diff);
 * only the CLI imports the server, never the runner.
 */
import { packagePath } from "../model/package-root.js";

/** The bundled target (fits fixtures/world.json). */
export function bundledTarget(): string {
  return packagePath("fixtures", "target.json");
}

/** A started reference server: where it listens and how to stop it. */
interface StartedReference {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts the reference server; resolves to it, or to why it could not start. */
export async function startReferenceServer(): Promise<StartedReference | string> {
  // the server's own modules, not its index: that would load the SQLite and PostgreSQL
  // drivers and the world generator, which an in-memory reference never uses
  const [{ createServer }, { loadWorld, BUNDLED_WORLD }, { memoryStore }] = await Promise.all([
    import("../server/create-server.js"),
    import("../server/world/load.js"),
    import("../server/store/memory.js"),
  ]);
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) return `the bundled world does not load: ${world.issues[0]?.message ?? ""}`;
  const store = memoryStore();
  const server = createServer({ world: world.value, store });
  const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    stop: async () => {
      await server.close();
      await store.close();
    },
  };
}
