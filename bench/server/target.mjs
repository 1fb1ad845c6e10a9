/**
 * A benchmark target in its own process, run by plain `node` (no TypeScript loader), as users
 * run the package: `reference <sqlite-path>` (the built reference server, `dist/`, with OAuth
 * verification on), `baseline` (a bare node:http handler answering the same JSON) or `floor`
 * (the baseline plus the least work a verified GET takes: floor.mjs).
 * Prints `{"url":…}` once listening. `run.ts` builds `dist/` first when it is missing or stale.
 */
import { createServer as createHttpServer } from "node:http";
import { BUNDLED_WORLD, createServer, loadWorld, openStore } from "../../dist/server/index.js";
import { floorAnswer } from "./floor.mjs";
import { PERSON_BODY } from "./person-body.mjs";

const [mode, data] = process.argv.slice(2);

// When the bench dies, even by SIGKILL (which it cannot catch to stop us), the IPC channel
// closes: a target never outlives its bench.
process.on("disconnect", () => process.exit(0));
// SIGTERM (the bench's normal stop) exits through process.exit, so that a `--cpu-prof` profile
// (BENCH_CPU_PROF) is written.
process.on("SIGTERM", () => process.exit(0));

// The bench asks for this process's CPU time (user + system, µs) around each scenario, and for
// its peak resident memory (KiB, since start) after the held-connections scenario.
process.on("message", (m) => {
  if (m === "cpu") {
    const u = process.cpuUsage();
    process.send?.({ cpu: u.user + u.system });
  } else if (m === "rss") {
    process.send?.({ maxRssKiB: process.resourceUsage().maxRSS });
  }
});

if (mode === "baseline" || mode === "floor") {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const [status, body] = mode === "floor" ? floorAnswer(req) : [200, PERSON_BODY];
      res.writeHead(status, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    });
  });
  server.listen(0, "127.0.0.1", () => {
    const a = server.address();
    if (a && typeof a === "object")
      process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${a.port}` })}\n`);
  });
} else {
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) throw new Error("bundled world does not load");
  const store = openStore(data ?? ":memory:");
  if (!store.ok) throw new Error(`store: ${store.issues[0]?.message}`);
  const server = createServer({ world: world.value, store: store.value });
  const { url } = await server.listen({ port: 0 });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}
