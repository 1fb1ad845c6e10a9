/**
 * `openapi` as help shows them; the action, commands/openapi.ts, loads when it runs (commands.ts).
 */
import { defineCommand } from "../command-definition.js";

/** `openapi`: its options and its action. */
export const openApiDefinition = defineCommand(
  {
    options: { out: { type: "string", describe: "Write it to this file instead of stdout" } },
    examples: [
      ["$0 openapi --out openapi.json", "the document the package ships as schemas/openapi.json"],
    ],
    epilogue:
      "Exit codes: 0 written, 2 the file cannot be written. A running reference server serves the same document at GET /openapi.json (no signature).",
  },
  async (argv) =>
    (await import("../commands/openapi.js")).openApiCommand(
      process.stdout,
      process.stderr,
      argv.out,
    ),
);
