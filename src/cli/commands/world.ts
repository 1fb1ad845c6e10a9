/**
 * `opensocial-kit world --seed N --out DIR`: writes a generated world (DIR/world.json) and the
 * target file that fits it (DIR/target.json), the same bytes for the same seed, for a sandbox
 * of one's own and for trying the suite on data nobody hand-wrote. The world is the library's
 * (src/worldgen/); this file writes (the options are cli/options/world.ts).
 * Exit codes: 0 written, 2 usage (a bad seed, files already there without --force, a folder
 * that cannot be written).
 */
import { randomInt } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EXIT } from "../../conformance/run/exit-codes.js";
import { makeFolders } from "../../server/store/make-folders.js";
import { apiUrlProblem } from "../../wire/http-url.js";
import { type GeneratedWorld, generateWorld, jsonFileText } from "../../worldgen/generate.js";
import { isSeed, MAX_SEED } from "../../worldgen/rng.js";
import type { TextSink } from "../text-sink.js";

/** The options of `world`. */
export interface WorldArgs {
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
export function worldCommand(args: WorldArgs, out: TextSink, err: TextSink): number {
  const seed = args.seed === undefined ? randomInt(0, MAX_SEED) : parseSeed(args.seed);
  if (seed === undefined) {
    err.write(`opensocial-kit world: --seed is an integer 0 … ${MAX_SEED}\n`);
    return EXIT.USAGE;
  }
  const problem = args.baseUrl === undefined ? undefined : apiUrlProblem(args.baseUrl);
  if (problem !== undefined) {
    // the target file written would be refused by every command that reads it
    err.write(`opensocial-kit world: --base-url ${problem}\n`);
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
    makeFolders(args.out);
    writeFileSync(world, jsonFileText(g.world));
    writeFileSync(target, jsonFileText(g.target));
  } catch (e) {
    err.write(`opensocial-kit world: ${args.out}: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
  out.write(summary(g, world, target));
  return EXIT.OK;
}
