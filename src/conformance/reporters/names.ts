/**
 * The reporters' names, apart from the reporters themselves: the CLI's options read them for
 * `--help` and usage errors without loading any reporter. index.ts maps each name to its reporter
 * (the type checker holds the table to exactly these names).
 */

/** Every reporter name, in the order help lists them. */
export const REPORTER_NAMES = ["console", "json", "junit", "tap", "html"] as const;

/** One of the reporter names. */
export type ReporterName = (typeof REPORTER_NAMES)[number];

/** The reporters written to a file with `--out` (all but the console's, which is for a person). */
export const FILE_REPORTER_NAMES = REPORTER_NAMES.filter((n) => n !== "console");

/** Type guard for {@link ReporterName}. */
export function isReporterName(name: string): name is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(name);
}
