/**
 * Child process of the self-check: starts the reference server of a mutant tree (the copy of
 * `src/` that `mutant-tree.ts` wrote) on 127.0.0.1:0 with a memory store and the bundled world,
 * prints `{"url": …}` on one line, and stops when its stdin closes or on SIGTERM.
 *
 * Usage: node --import tsx scripts/mutants/serve-tree.ts <tree-dir>
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

type ServerModule = typeof import("../../src/server/index.js");

const dir = process.argv[2];
if (!dir) {
  process.stderr.write("usage: serve-tree.ts <tree-dir>\n");
  process.exit(2);
}
const mod = (await import(pathToFileURL(join(dir, "src/server/index.ts")).href)) as ServerModule;
const world = mod.loadWorld(mod.BUNDLED_WORLD);
if (!world.ok) {
  process.stderr.write(`bundled world: ${JSON.stringify(world.issues)}\n`);
  process.exit(1);
}
const store = mod.memoryStore();
const server = mod.createServer({ world: world.value, store, logger: { error: () => {} } });
const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ url })}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  await store.close();
  process.exit(0);
}
process.stdin.on("end", () => void stop());
process.stdin.on("close", () => void stop());
process.stdin.resume();
process.on("SIGTERM", () => void stop());
