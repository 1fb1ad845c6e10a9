/**
 * `coverage` on the command line: options, examples and epilogue as help shows them. The action
 * (commands/coverage.ts) is imported only once yargs has accepted a command line, so that this
 * command's `--help` and usage errors load neither the runner nor the server.
 */
import { defineCommand } from "../command-definition.js";

/** `coverage`: its options and its action. */
export const coverageDefinition = defineCommand(
  (y) => y.option("json", { type: "boolean", default: false, describe: "Print JSON" }),
  async (argv) => (await import("../commands/coverage.js")).coverageCommand({ json: argv.json }),
);
