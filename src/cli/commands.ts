/**
 * The list of CLI commands: each one's usage, its one-line description and how to load its
 * options (options/). A command's options are imported only when the command line names it, so
 * that `--version`, `--help` and a usage error load no command (nor a store driver, nor the
 * schemas); its action (commands/) only when its command line is accepted, so that the command's
 * own `--help` and usage errors load neither the runner nor the server.
 */
import type { CommandDefinition } from "./command-definition.js";

/** One command of the CLI. */
interface CommandEntry {
  readonly name: string;
  /** Its positionals as help shows them after the name, e.g. `<method> <path>`. */
  readonly positionals?: string;
  readonly describe: string;
  readonly load: () => Promise<CommandDefinition>;
}

/** Every command of the CLI, in help order. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "serve",
    describe: "Run the reference server for a world file",
    load: async () => (await import("./options/serve.js")).serveDefinition,
  },
  {
    name: "world",
    describe: "Write a generated world and the target file that fits it (a sandbox of your own)",
    load: async () => (await import("./options/world.js")).worldDefinition,
  },
  {
    name: "request",
    positionals: "<method> <path>",
    describe: "Sign (two-legged OAuth 1.0a) and send one request; print the status and body",
    load: async () => (await import("./options/request.js")).requestDefinition,
  },
  {
    name: "run",
    describe:
      "Run the conformance suite against a target (default: the reference server, in-process)",
    load: async () => (await import("./options/run.js")).runDefinition,
  },
  {
    name: "coverage",
    describe:
      "List each clause of the conformance statements with the cases that cite it; exit 1 when a testable clause has none",
    load: async () => (await import("./options/coverage.js")).coverageDefinition,
  },
  {
    name: "validate",
    positionals: "<file>",
    describe: "Check a captured response body (JSON or Atom) against the kind's schema",
    load: async () => (await import("./options/payload.js")).validateDefinition,
  },
  {
    name: "convert",
    positionals: "<file>",
    describe: "Convert a captured response body between JSON and Atom",
    load: async () => (await import("./options/payload.js")).convertDefinition,
  },
  {
    name: "openapi",
    describe:
      "Print the OpenAPI 3.1 document of the API (for Schemathesis, Prism, Redocly, Postman)",
    load: async () => (await import("./options/openapi.js")).openApiDefinition,
  },
  {
    name: "fuzz",
    describe: "Random sequences of operations checked against a model of the spec; failures shrunk",
    load: async () => (await import("./options/fuzz.js")).fuzzDefinition,
  },
  {
    name: "diff",
    describe: "Send the same requests to two implementations and report every semantic difference",
    load: async () => (await import("./options/diff.js")).diffDefinition,
  },
];

/** How `entry` is called, as help shows it: its name and positionals. */
export function commandUsage(entry: CommandEntry): string {
  return entry.positionals === undefined ? entry.name : `${entry.name} ${entry.positionals}`;
}
