/**
 * The `opensocial-kit` command line. Thin: each command parses its options and calls the
 * library. Commands register themselves in `commands.ts`.
 */
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { EXIT } from "../conformance/run/exit-codes.js";
import { COMMANDS } from "./commands.js";
import { packageVersion } from "./version.js";

/** The examples of `opensocial-kit --help` (each command's own are in its `--help`). */
export const MAIN_EXAMPLES: readonly (readonly [string, string])[] = [
  ["$0 run", "the whole suite against an in-process reference server"],
  ["$0 serve --data :memory:", "the sandbox on http://127.0.0.1:8080, nothing kept"],
];

/** Thrown from yargs' failure handler so that no command runs after a usage error. */
const USAGE = Symbol("usage");

/** Runs the CLI with `argv` (without node and script). Resolves to the exit code. */
export async function main(argv: string[] = hideBin(process.argv)): Promise<number> {
  let exitCode: number = EXIT.OK;
  const cli = yargs(argv)
    .scriptName("opensocial-kit")
    .usage(
      "$0 <command> [options]\n\nLibrary, reference server and conformance kit for the social-platform REST API (/os/0.8/).",
    )
    .version(packageVersion())
    .strict()
    .demandCommand(
      1,
      "Name a command: serve, world, request, run, coverage, validate, convert, openapi, fuzz or diff.",
    )
    .recommendCommands()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .example(MAIN_EXAMPLES.map(([command, what]) => [command, what]))
    .epilogue(
      "Spec: social-api.md, decisions: profile.md. Docs: README.md. Each command has examples: opensocial-kit <command> --help.",
    )
    .exitProcess(false)
    .fail((msg, err) => {
      if (err) throw err;
      process.stderr.write(`${msg}\nRun 'opensocial-kit <command> --help' for usage.\n`);
      throw USAGE;
    });
  for (const command of COMMANDS)
    command(cli, (code) => {
      exitCode = code;
    });
  try {
    await cli.parseAsync();
  } catch (e) {
    if (e === USAGE) return EXIT.USAGE;
    throw e;
  }
  return exitCode;
}
