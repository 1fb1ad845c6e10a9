#!/usr/bin/env node
// Entry point of the opensocial-kit command. The code lives in dist/cli-bundle/, the CLI bundled
// with its lazy chunks (scripts/bundle-cli.ts; built by `npm run build`, which `npm ci` runs
// through `prepare`). Stack traces name the bundle's chunks; `NODE_OPTIONS=--enable-source-maps`
// maps them to src/.

import { EXIT } from "../dist/cli-bundle/exit-codes.js";
import { main } from "../dist/cli-bundle/main.js";

// A reader that goes away (`opensocial-kit coverage | head -1`) ends the command quietly, as a
// closed pipe ends a shell tool: exit 141 (128 + SIGPIPE, what a shell reports for such a tool),
// never a stack trace, and never 0 (a run cut short is not green). Other write errors stay loud.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error) => {
    if (error.code === "EPIPE") process.exit(EXIT.OUTPUT_CLOSED);
    throw error;
  });

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`opensocial-kit: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = EXIT.INTERNAL;
  },
);
