/**
 * The `opensocial-kit` command line. Thin: each command parses its options and calls the
 * library. Commands register themselves in `commands.ts`.
 */
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { COMMANDS } from "./commands.js";
import { packageVersion } from "./version.js";

/** Runs the CLI with `argv` (without node and script). Resolves to the exit code. */
export async function main(argv: string[] = hideBin(process.argv)): Promise<number> {
  let exitCode = 0;
  const cli = yargs(argv)
    .scriptName("opensocial-kit")
    .usage(
      "$0 <command> [options]\n\nLibrary, reference server and conformance kit for the social-platform REST API (/os/0.8/).",
    )
    .version(packageVersion())
    .strict()
    .demandCommand(1, "Name a command: see the list above.")
    .recommendCommands()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .epilogue("Spec: social-api.md, decisions: profile.md. Docs: README.md.")
    .fail((msg, err, y) => {
      if (err) throw err;
      process.stderr.write(`${y.help() && ""}${msg}\nRun 'opensocial-kit --help' for usage.\n`);
      exitCode = 2;
    });
  for (const command of COMMANDS)
    command(cli, (code) => {
      exitCode = code;
    });
  await cli.parseAsync();
  return exitCode;
}
