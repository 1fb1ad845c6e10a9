/**
 * `coverage` as help shows them; the action, commands/coverage.ts, loads when it runs
 * (commands.ts).
 */
import { defineCommand } from "../command-definition.js";

/** `coverage`: its options and its action. */
export const coverageDefinition = defineCommand(
  { options: { json: { type: "boolean", default: false, describe: "Print JSON" } } },
  async (argv) => (await import("../commands/coverage.js")).coverageCommand({ json: argv.json }),
);
