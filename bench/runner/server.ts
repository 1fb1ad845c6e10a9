/**
 * The reference server in a child process for the runner bench (so the runner and the server
 * do not share a thread): bundled world, in-memory store, 127.0.0.1:0. Prints `{"url": …}`.
 */
import { BUNDLED_WORLD, createServer, loadWorld, memoryStore } from "../../src/server/index.js";

const world = loadWorld(BUNDLED_WORLD);
if (!world.ok) throw new Error("bundled world does not load");
const server = createServer({ world: world.value, store: memoryStore() });
const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ url })}\n`);
