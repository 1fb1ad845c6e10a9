/**
 * `openapi` on the command line: options, examples and epilogue as help shows them. The action
 * (commands/openapi.ts) is imported only once yargs has accepted a command line, so that this
 * command's `--help` and usage errors load neither the runner nor the server.
 */
import { defineCommand } from "../command-definition.js";

/** `openapi`: its options and its action. */
export const openApiDefinition = defineCommand(
  (y) =>
    y
      .option("out", { type: "string", describe: "Write it to this file instead of stdout" })
      .example(
        "$0 openapi --out openapi.json",
        "the document the package ships as schemas/openapi.json",
      )
      .epilogue(
        "Exit codes: 0 written, 2 the file cannot be written. A running reference server serves the same document at GET /openapi.json (no signature).",
      ),
  async (argv) =>
    (await import("../commands/openapi.js")).openApiCommand(
      process.stdout,
      process.stderr,
      argv.out as string | undefined,
    ),
);
