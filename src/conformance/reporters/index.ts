/** The reporters by name. */
import { consoleReporter } from "./console.js";
import { htmlReporter } from "./html.js";
import { jsonReporter } from "./json.js";
import { junitReporter } from "./junit.js";
import { tapReporter } from "./tap.js";
import type { Reporter } from "./types.js";

export { createProgress, type Progress, type ProgressStream } from "./progress.js";
export type { ReportContext } from "./types.js";

/** Reporter name → reporter. */
export const REPORTERS = {
  console: consoleReporter,
  json: jsonReporter,
  junit: junitReporter,
  tap: tapReporter,
  html: htmlReporter,
} as const satisfies Record<string, Reporter>;

/** One of the reporter names. */
export type ReporterName = keyof typeof REPORTERS;

/** Every reporter name, in the table's order. */
export const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];

/** The reporters written to a file with `--out` (all but the console's, which is for a person). */
export const FILE_REPORTER_NAMES = REPORTER_NAMES.filter((n) => n !== "console");

/** Type guard for {@link ReporterName}. */
export function isReporterName(name: string): name is ReporterName {
  return Object.hasOwn(REPORTERS, name);
}
