/**
 * The list of CLI commands. Each entry registers one command on the yargs instance and reports
 * its exit code through `setExit`.
 */
import type { Argv } from "yargs";
import { registerCoverage } from "./commands/coverage.js";
import { registerDiff } from "./commands/diff.js";
import { registerFuzz } from "./commands/fuzz.js";
import { registerOpenApi } from "./commands/openapi.js";
import { registerPayload } from "./commands/payload.js";
import { registerRequest } from "./commands/request.js";
import { registerRun } from "./commands/run.js";
import { serveCommand } from "./commands/serve.js";
import { registerWorld } from "./commands/world.js";

/** Registers one command. */
export type CommandRegistration = (cli: Argv, setExit: (code: number) => void) => void;

/** Every command of the CLI, in help order. */
export const COMMANDS: CommandRegistration[] = [
  serveCommand,
  registerWorld,
  registerRequest,
  registerRun,
  registerCoverage,
  registerPayload,
  registerOpenApi,
  registerFuzz,
  registerDiff,
];
