/**
 * `opensocial-kit world --seed N --out DIR`: writes a generated world (DIR/world.json) and the
 * target file that fits it (DIR/target.json), the same bytes for the same seed, for a sandbox
 * of one's own and for trying the suite on data nobody hand-wrote. The world is the library's
 * (src/worldgen/); this file parses options and writes.
 * Exit codes: 0 written, 2 usage (a bad seed, files already there without --force, a folder
 * that cannot be written).
 */
import { randomInt } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EXIT } from "../../conformance/run/exit-codes.js";
import { type GeneratedWorld, generateWorld, jsonFileText } from "../../worldgen/generate.js";
import { isSeed, MAX_SEED } from "../../worldgen/rng.js";
import { defineCommand } from "../command-definition.js";
import type { TextSink } from "../text-sink.js";

/** The options of `world`. */
interface WorldArgs {
  readonly seed?: string | undefined;
  readonly out: string;
  readonly baseUrl?: string | undefined;
  readonly force: boolean;
}

/** The seed the option names, or undefined when it is not one (digits, 0 … 2³²−1). */
function parseSeed(text: string): number | undefined {
  const n = /^[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN;
  return isSeed(n) ? n : undefined;
}

/** What was written, and what to do next. */
function summary(g: GeneratedWorld, world: string, target: string): string {
  const w = g.world;
  return [
    `wrote ${world} and ${target} (seed ${g.seed}: namespace ${JSON.stringify(w.namespace)}, ${w.people.length} people, ${w.friends.length} friendships, ${w.albums.length} albums, ${w.photos.length} photos, ${w.apps.length} apps)`,
    "users by role:",
    ...Object.entries(g.target.users).map(([role, id]) => `  ${role.padEnd(16)} ${id}`),
    "next:",
    `  opensocial-kit serve --world ${world} --data :memory:`,
    `  opensocial-kit run --target ${target}`,
    "",
  ].join("\n");
}

/** Writes the world of the seed; resolves to the exit code. */
function worldCommand(args: WorldArgs, out: TextSink, err: TextSink): number {
  const seed = args.seed === undefined ? randomInt(0, MAX_SEED) : parseSeed(args.seed);
  if (seed === undefined) {
    err.write(`opensocial-kit world: --seed is an integer 0 … ${MAX_SEED}\n`);
    return EXIT.USAGE;
  }
  let g: GeneratedWorld;
  try {
    g = generateWorld(seed, args.baseUrl === undefined ? {} : { baseUrl: args.baseUrl });
  } catch (e) {
    err.write(`opensocial-kit world: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
  const world = join(args.out, "world.json");
  const target = join(args.out, "target.json");
  const there = [world, target].filter((f) => existsSync(f));
  if (there.length > 0 && !args.force) {
    err.write(`opensocial-kit world: ${there.join(" and ")} already there (--force replaces)\n`);
    return EXIT.USAGE;
  }
  try {
    mkdirSync(args.out, { recursive: true });
    writeFileSync(world, jsonFileText(g.world));
    writeFileSync(target, jsonFileText(g.target));
  } catch (e) {
    err.write(`opensocial-kit world: ${args.out}: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
  out.write(summary(g, world, target));
  return EXIT.OK;
}

/** `world`: its options and its action. */
export const worldDefinition = defineCommand(
  (y) =>
    y
      .option("seed", {
        type: "string",
        describe: `Integer 0 … ${MAX_SEED}: the same seed gives the same files (default: a random one, printed)`,
      })
      .option("out", {
        type: "string",
        demandOption: true,
        describe: "Folder to write world.json and target.json into (created if missing)",
      })
      .option("base-url", {
        type: "string",
        describe: "The target's baseUrl (default http://127.0.0.1:8080, where serve listens)",
      })
      .option("force", {
        type: "boolean",
        default: false,
        describe: "Replace world.json and target.json when the folder has them",
      })
      .example("$0 world --seed 7 --out sandbox/", "sandbox/world.json and sandbox/target.json")
      .example(
        "$0 serve --world sandbox/world.json --data :memory:",
        "serve it (a fresh store: seed data is loaded only into a new one)",
      )
      .example("$0 run --target sandbox/target.json", "run the suite against that server")
      .epilogue(
        "A world varies what a deployment may: namespace and id shapes (<namespace>:<value>, §2.1), app names, consumer keys and secrets with reserved characters, optional person fields for some people only, partial addresses, 2–49 friends, albums of every visibility with or without photos, empty titles and descriptions, MIME types, seed application data. The target file names a user for every role the suite uses (viewer, friend, friendWithoutApp, stranger, and secondFriend when the world has one) and both apps' credentials. World file format: schemas/world.schema.json. Exit codes: 0 written, 2 bad option, files already there (without --force), or a folder that cannot be written.",
      ),
  (argv) => worldCommand(argv as unknown as WorldArgs, process.stdout, process.stderr),
);
