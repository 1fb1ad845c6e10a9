/**
 * `opensocial-kit run` with every reporter of the REPORTERS table at once, as a CI job runs it:
 * the console on a text sink, every other reporter to a file under `dir`; their texts come back
 * with the exit code, by reporter name.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand } from "../../src/cli/commands/run.js";
import type { ReporterName } from "../../src/conformance/index.js";
import { FILE_REPORTER_NAMES } from "../../src/conformance/reporters/index.js";
import { sink } from "../conformance/helpers.js";

/** What every reporter wrote. */
export type EveryReport = {
  readonly code: number;
  /** The console reporter (with the progress marks before it) and stderr. */
  readonly console: string;
  readonly err: string;
} & { readonly [N in Exclude<ReporterName, "console">]: string };

/** Runs `opensocial-kit run --target target` with `grep`, every reporter writing under `dir`. */
export async function runEveryReporter(
  dir: string,
  target: string,
  options: { grep?: string; concurrency?: number } = {},
): Promise<EveryReport> {
  const file = (n: string) => join(dir, "reports", `r.${n}`);
  const out = sink();
  const err = sink();
  const code = await runCommand(
    {
      target,
      level: "profile",
      ...(options.grep !== undefined ? { grep: options.grep } : {}),
      reporter: ["console", ...FILE_REPORTER_NAMES.map((n) => `${n}:${file(n)}`)],
      timeout: 10_000,
      concurrency: options.concurrency ?? 8,
      bail: false,
    },
    out,
    err,
  );
  const files = Object.fromEntries(
    FILE_REPORTER_NAMES.map((n) => [n, readFileSync(file(n), "utf8")]),
  ) as Record<Exclude<ReporterName, "console">, string>;
  return { code, console: out.text, err: err.text, ...files };
}
