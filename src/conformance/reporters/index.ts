/** The reporters by name. */
import { consoleReporter } from "./console.js";
import { htmlReporter } from "./html.js";
import { jsonReporter } from "./json.js";
import { junitReporter } from "./junit.js";
import type { ReporterName } from "./names.js";
import { tapReporter } from "./tap.js";
import type { Reporter } from "./types.js";

export { createProgress, type Progress, type ProgressStream } from "./progress.js";
export type { ReportContext } from "./types.js";

/** Reporter name → reporter: exactly the names of names.ts. */
export const REPORTERS = {
  console: consoleReporter,
  json: jsonReporter,
  junit: junitReporter,
  tap: tapReporter,
  html: htmlReporter,
} as const satisfies Record<ReporterName, Reporter>;

export { FILE_REPORTER_NAMES, isReporterName, REPORTER_NAMES, type ReporterName } from "./names.js";
