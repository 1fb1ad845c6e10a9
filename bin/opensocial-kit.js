#!/usr/bin/env node
// Entry point of the opensocial-kit command. The code lives in dist/ (built by `npm run build`,
// which `npm ci` runs through `prepare`).
import { main } from "../dist/cli/main.js";

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`opensocial-kit: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
