/**
 * `fuzz` and `diff` interrupted by SIGINT (Ctrl-C) or SIGTERM: nothing new starts, the work under
 * way finishes with its clean-up, what was found is printed, and the exit is 130 or 143. The
 * target's application data is as before the run: no key a sequence or a case wrote is left to
 * fail the next run. The built CLI in its own process, against a reference server whose store
 * the test reads.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppDataStore,
  BUNDLED_WORLD,
  createServer,
  loadWorld,
  memoryStore,
  type ReferenceServer,
} from "../../src/server/index.js";
import type { World } from "../../src/server/world/types.js";

const BIN = join(import.meta.dirname, "../../bin/opensocial-kit.js");

let world: World;
let store: AppDataStore;
let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  const loaded = loadWorld(BUNDLED_WORLD);
  if (!loaded.ok) throw new Error("the bundled world does not load");
  world = loaded.value;
  store = memoryStore();
  server = createServer({ world, store });
  url = (await server.listen({ port: 0, host: "127.0.0.1" })).url;
});
afterAll(async () => {
  await server.close();
  await store.close();
});

/** Every (application, person) record of the store. */
async function records(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const app of world.appsByKey.values())
    for (const p of world.people.values())
      out[`${app.id} ${p.id}`] = await store.read(app.id, p.id);
  return out;
}

/** Runs the CLI with `args`; sends `signal` `afterMs` after stderr first matches `ready`. */
function interrupted(args: string[], ready: RegExp, signal: "SIGINT" | "SIGTERM", afterMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    let stdout = "";
    let stderr = "";
    let armed = false;
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
      if (!armed && ready.test(stderr)) {
        armed = true;
        setTimeout(() => child.kill(signal), afterMs);
      }
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("an interrupted fuzz or diff leaves the target's data as it found it", () => {
  it("fuzz, SIGINT: the sequence under way is cleaned up, the summary and seed printed, exit 130", async () => {
    const before = await records();
    const r = await interrupted(
      ["fuzz", "--base-url", url, "--steps", "100000", "--time", "120", "--seed", "5"],
      /seed 5\n/,
      "SIGINT",
      1200,
    );
    expect(r.stderr).toMatch(/^opensocial-kit fuzz: seed 5$/m);
    expect(r.stderr).toContain("interrupted (SIGINT): finishing the operation under way");
    expect(r.stdout).toMatch(/^fuzz: \d+ steps, .*seed 5 \(interrupted by SIGINT; /m);
    expect(r.stdout).toMatch(/^no failure in the steps run before the interruption /m);
    expect(r.stdout).not.toMatch(/^no failure$/m);
    expect(r.code).toBe(130);
    expect(await records()).toEqual(before);
  }, 60_000);

  it("diff, SIGTERM: the case under way finishes with its clean-up, what was compared is printed, exit 143", async () => {
    const before = await records();
    const r = await interrupted(
      ["diff", "--against", url],
      /started a reference server/,
      "SIGTERM",
      800,
    );
    expect(r.stderr).toContain("interrupted (SIGTERM): finishing the case under way");
    expect(r.stdout).toMatch(/^diff: \d+ request pairs .*\(interrupted by SIGTERM: /m);
    expect(r.code).toBe(143);
    expect(await records()).toEqual(before);
  }, 60_000);
});
