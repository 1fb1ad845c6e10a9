/**
 * A reference server whose clock runs ahead of this machine's, behind a proxy that writes its
 * `Date` (node:http writes Date from the machine's clock): a target whose clock differs by more
 * than P-AUTH-3.6's 300 s window.
 */
import { BUNDLED_WORLD, createServer, loadWorld, memoryStore } from "../../src/server/index.js";
import type { Running } from "./helpers.js";
import { startProxy } from "./proxy.js";

/** The reference, its clock `aheadMs` ahead: `server` answers directly, `url` (the proxy) with its Date. */
export async function startServerAhead(
  aheadMs: number,
): Promise<Running & { readonly server: Running }> {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error(JSON.stringify(world.issues));
  const s = createServer({
    world: world.value,
    store: memoryStore(),
    clock: () => Date.now() + aheadMs,
  });
  const { url } = await s.listen({ port: 0, host: "127.0.0.1" });
  const server: Running = { url, close: () => s.close() };
  const proxy = await startProxy(url, (p) => {
    p.headers.date = new Date(Date.now() + aheadMs).toUTCString();
  });
  return {
    url: proxy.url,
    server,
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}
