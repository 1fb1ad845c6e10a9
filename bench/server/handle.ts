/**
 * In-process cost of `handle(req)` (no socket): pre-signs N GET requests (own nonces), then
 * times the CPU of answering them. `N`, `P` (path) from the environment; `PROF=file` writes a
 * CPU profile of the timed loop only.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { signRequest } from "../../src/oauth/index.js";
import { BUNDLED_WORLD, createServer, loadWorld, memoryStore } from "../../src/server/index.js";

const world = loadWorld(BUNDLED_WORLD);
if (!world.ok) throw new Error("bundled world does not load");
const server = createServer({ world: world.value, store: memoryStore() });
const N = Number(process.env.N ?? 60000);
const path = process.env.P ?? "/os/0.8/people/@me/@self";
const reqs = [];
for (let i = 0; i < N; i++) {
  const s = signRequest({
    method: "GET",
    url: `http://127.0.0.1:1234${path}`,
    consumerKey: "quiz-key",
    consumerSecret: "quiz secret+1/é",
    requestorId: "example.org:alice",
    nonce: `n-${i}-${Math.random()}`,
  });
  const u = new URL(s.url);
  reqs.push({
    method: "GET",
    url: u.pathname + u.search,
    headers: { host: "127.0.0.1:1234", connection: "keep-alive", ...s.headers },
    body: new Uint8Array(0),
    httpVersion: "1.1",
  });
}
const session = new Session();
const prof = process.env.PROF;
for (const round of [0, 1, 2]) {
  const part = N / 3;
  if (prof && round === 2) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  const t0 = process.cpuUsage();
  for (let i = round * part; i < (round + 1) * part; i++) {
    const r = await server.handle(reqs[i] as (typeof reqs)[number]);
    if (r.status !== 200) throw new Error(`status ${r.status}`);
  }
  const t = process.cpuUsage(t0);
  if (round > 0) console.log(`handle(): ${((t.user + t.system) / part).toFixed(1)} µs/request`);
  if (prof && round === 2) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(prof, JSON.stringify(profile));
  }
}
