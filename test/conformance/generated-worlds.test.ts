/**
 * The suite on worlds nobody hand-wrote: for each fixed seed, the generated world (src/worldgen)
 * is loaded into the reference server (in-process) and into the implementation written apart
 * from it (test/independent/node-server, a child process), and the whole suite must pass against
 * both, by the roles of the generated target file, at core and at profile level. A failure names
 * the seed, the server, the level and each failing case: make that world again with
 * `opensocial-kit world --seed N --out DIR`. Two runs at a time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  caseMessage,
  isRunAbort,
  type Level,
  loadTarget,
  runSuite,
  type Target,
} from "../../src/conformance/index.js";
import { pool } from "../../src/conformance/run/worker-pool.js";
import { createServer, loadWorld, memoryStore } from "../../src/server/index.js";
import { type GeneratedWorld, generateWorld, jsonFileText } from "../../src/worldgen/generate.js";

/** The seeds CI runs; together they hold every shape the cases once leaned on (see the last test). */
const SEEDS = [...Array.from({ length: 20 }, (_, i) => i + 1), 22]; // 22: a viewer with one album
const LEVELS: readonly Level[] = ["profile", "core"];
const INDEPENDENT = fileURLToPath(
  new URL("../independent/node-server/server.mjs", import.meta.url),
);

const dir = mkdtempSync(join(tmpdir(), "osk-worlds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A running server under test. */
interface Running {
  readonly name: string;
  readonly url: string;
  stop(): Promise<void>;
}

/** The reference server with the world, in-process, a fresh in-memory store. */
async function reference(g: GeneratedWorld): Promise<Running> {
  const world = loadWorld(g.world);
  if (!world.ok)
    throw new Error(
      `seed ${g.seed}: the reference refuses the world: ${JSON.stringify(world.issues)}`,
    );
  const store = memoryStore();
  const server = createServer({ world: world.value, store });
  const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
  return {
    name: "reference",
    url,
    stop: async () => {
      await server.close();
      await store.close();
    },
  };
}

/** The independent implementation with the world file, in a child process. */
async function independent(worldFile: string): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, [INDEPENDENT], {
    env: { ...process.env, WORLD: worldFile, PORT: "0", VARIANTS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr?.on("data", (d: Buffer) => {
    err += String(d);
  });
  for await (const chunk of child.stdout ?? []) {
    out += String(chunk);
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m?.[1])
      return {
        name: "node-server",
        url: m[1],
        stop: async () => {
          child.kill();
          if (child.exitCode === null) await once(child, "exit");
        },
      };
  }
  throw new Error(`the independent server did not start: ${out} ${err}`);
}

/** Each failing case of a run, as `server level: case: message`. */
async function failures(server: Running, target: Target, level: Level): Promise<string[]> {
  const r = await runSuite({
    target: { ...target, baseUrl: server.url },
    level,
    timeoutMs: 20_000,
  });
  if (isRunAbort(r)) return [`${server.name} ${level}: the run stopped: ${JSON.stringify(r)}`];
  // A run that skipped most of the suite proves nothing: every role is given, so at most the
  // cases a world cannot hold (a secondFriend, an album shape) are skipped.
  if (r.summary.pass < 0.9 * r.summary.total)
    return [`${server.name} ${level}: only ${r.summary.pass} of ${r.summary.total} cases passed`];
  return r.cases
    .filter((c) => c.outcome !== "pass" && c.outcome !== "skip")
    .map((c) => `${server.name} ${level}: ${c.id}: ${caseMessage(c) ?? c.outcome}`);
}

/** One server under test with one seed's world, both levels: what each job runs. */
interface Job {
  readonly seed: number;
  readonly server: "reference" | "node-server";
}

/** Starts the job's server with its world, runs the suite at both levels, stops the server. */
async function runJob(job: Job): Promise<string[]> {
  const g = generateWorld(job.seed);
  const worldFile = join(dir, `world-${job.seed}-${job.server}.json`);
  const targetFile = join(dir, `target-${job.seed}-${job.server}.json`);
  writeFileSync(worldFile, jsonFileText(g.world));
  writeFileSync(targetFile, jsonFileText({ ...g.target, world: worldFile }));
  const target = loadTarget(targetFile);
  if (!target.ok) return [`the target file is refused: ${JSON.stringify(target.issues)}`];
  const server = job.server === "reference" ? await reference(g) : await independent(worldFile);
  try {
    const found: string[] = [];
    for (const level of LEVELS) found.push(...(await failures(server, target.value, level)));
    return found;
  } finally {
    await server.stop();
  }
}

/** Failures by seed, once every job has run. */
const found = new Map<number, string[]>();

describe("the suite on generated worlds", () => {
  beforeAll(async () => {
    // The independent server's runs are the long ones: they go first, two runs at a time.
    const jobs: Job[] = [
      ...SEEDS.map((seed): Job => ({ seed, server: "node-server" })),
      ...SEEDS.map((seed): Job => ({ seed, server: "reference" })),
    ];
    await pool(jobs, 2, async (job) => {
      const f = await runJob(job).catch((e: Error) => [`${job.server}: ${e.message}`]);
      found.set(job.seed, [...(found.get(job.seed) ?? []), ...f]);
    });
  }, 1_200_000);

  it.each(SEEDS)(
    "seed %i: the reference and the independent server pass at profile and core level",
    (seed) => {
      expect(
        found.get(seed),
        `seed ${seed} (opensocial-kit world --seed ${seed} --out DIR)`,
      ).toEqual([]);
    },
  );

  it("the seeds hold the shapes the cases once leaned on", () => {
    const worlds = SEEDS.map((s) => generateWorld(s));
    const some = (f: (g: GeneratedWorld) => boolean) => worlds.some(f);
    const own = (g: GeneratedWorld, id: string) => g.world.albums.filter((a) => a.ownerId === id);
    // an optional field some people have and others lack (json-atom/person, friends, person-pid)
    expect(
      some((g) => {
        const n = g.world.people.filter((p) => p.isGuest !== undefined).length;
        return n > 0 && n < g.world.people.length;
      }),
    ).toBe(true);
    expect(
      some((g) =>
        g.world.people.some((p) => p.addresses?.some((a) => Object.keys(a).join() === "region")),
      ),
    ).toBe(true);
    expect(some((g) => g.world.people.some((p) => p.addresses?.length === 0))).toBe(true);
    // ids holding ~ (a pointer token must be escaped), a namespace other than the bundled one
    expect(some((g) => Object.values(g.target.users).some((id) => id.includes("~")))).toBe(true);
    expect(some((g) => g.world.namespace !== "example.org")).toBe(true);
    // a viewer with one album; the first album without photos; an album past one page
    expect(some((g) => own(g, g.target.users.viewer).length === 1)).toBe(true);
    expect(
      some((g) => g.world.albums.some((a) => !g.world.photos.some((p) => p.albumId === a.id))),
    ).toBe(true);
    expect(
      some((g) =>
        g.world.albums.some((a) => g.world.photos.filter((p) => p.albumId === a.id).length > 20),
      ),
    ).toBe(true);
    // a stranger without a public album, a friend without a hidden one, a viewer without seed data
    expect(
      some((g) => !own(g, g.target.users.stranger).some((a) => a.visibility === "everyone")),
    ).toBe(true);
    expect(some((g) => own(g, g.target.users.friend).every((a) => a.visibility !== "self"))).toBe(
      true,
    );
    expect(some((g) => g.target.users.secondFriend === undefined)).toBe(true);
    // a friendship listed both ways round (each friend once in the facts)
    expect(
      some(
        (g) =>
          new Set(g.world.friends.map((f) => [...f].sort().join())).size < g.world.friends.length,
      ),
    ).toBe(true);
  });
});
