/** `world` as help shows it; the action, commands/world.ts, loads when it runs (commands.ts). */
import { MAX_SEED } from "../../worldgen/rng.js";
import { defineCommand } from "../command-definition.js";

/** `world`: its options and its action. */
export const worldDefinition = defineCommand(
  {
    options: {
      seed: {
        type: "string",
        describe: `Integer 0 … ${MAX_SEED}: the same seed gives the same files (default: a random one, printed)`,
      },
      out: {
        type: "string",
        required: true,
        describe: "Folder to write world.json and target.json into (created if missing)",
      },
      "base-url": {
        type: "string",
        describe: "The target's baseUrl (default http://127.0.0.1:8080, where serve listens)",
      },
      force: {
        type: "boolean",
        default: false,
        describe: "Replace world.json and target.json when the folder has them",
      },
    },
    examples: [
      ["$0 world --seed 7 --out sandbox/", "sandbox/world.json and sandbox/target.json"],
      [
        "$0 serve --world sandbox/world.json --data :memory:",
        "serve it (a fresh store: seed data is loaded only into a new one)",
      ],
      ["$0 run --target sandbox/target.json", "run the suite against that server"],
    ],
    epilogue:
      "A world varies what a deployment may: namespace and id shapes (<namespace>:<value>, §2.1), app names, consumer keys and secrets with reserved characters, optional person fields for some people only, partial addresses, 2–49 friends, albums of every visibility with or without photos, empty titles and descriptions, MIME types, seed application data. The target file names a user for every role the suite uses (viewer, friend, friendWithoutApp, stranger, and secondFriend when the world has one) and both apps' credentials. World file format: schemas/world.schema.json. Exit codes: 0 written, 2 bad option, files already there (without --force), or a folder that cannot be written.",
  },
  async (argv) =>
    (await import("../commands/world.js")).worldCommand(
      { seed: argv.seed, out: argv.out, baseUrl: argv["base-url"], force: argv.force },
      process.stdout,
      process.stderr,
    ),
);
