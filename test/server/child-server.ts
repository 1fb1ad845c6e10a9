/**
 * A reference server in its own process, for the durability test (run with `node --import tsx`).
 * Usage: child-server.ts <sqlite-path>. Prints `{"url":…}` once listening.
 */
import { BUNDLED_WORLD, createServer, loadWorld, openStore } from "../../src/server/index.js";
import { opened } from "./harness.js";

const world = loadWorld(BUNDLED_WORLD);
if (!world.ok) throw new Error("bundled world does not load");
const store = opened(openStore(process.argv[2] ?? ":memory:"));
const server = createServer({ world: world.value, store });
const { url } = await server.listen({ port: 0 });
process.stdout.write(`${JSON.stringify({ url })}\n`);
