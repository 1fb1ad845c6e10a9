/**
 * `opensocial-kit run` with every reporter at once, as a CI job runs it: the console on a text
 * sink, JSON, JUnit, TAP and HTML to files under `dir`; their texts come back with the exit code.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand } from "../../src/cli/commands/run.js";
import { sink } from "../conformance/helpers.js";

/** What every reporter wrote. */
export interface EveryReport {
  readonly code: number;
  /** The console reporter (with the progress marks before it) and stderr. */
  readonly console: string;
  readonly err: string;
  readonly json: string;
  readonly junit: string;
  readonly tap: string;
  readonly html: string;
}

/** Runs `opensocial-kit run --target target` with `grep`, every reporter writing under `dir`. */
export async function runEveryReporter(
  dir: string,
  target: string,
  options: { grep?: string; concurrency?: number } = {},
): Promise<EveryReport> {
  const file = (n: string) => join(dir, "reports", n);
  const out = sink();
  const err = sink();
  const code = await runCommand(
    {
      target,
      level: "profile",
      ...(options.grep !== undefined ? { grep: options.grep } : {}),
      reporter: [
        "console",
        `json:${file("r.json")}`,
        `junit:${file("r.xml")}`,
        `tap:${file("r.tap")}`,
        `html:${file("r.html")}`,
      ],
      timeout: 10_000,
      concurrency: options.concurrency ?? 8,
      bail: false,
    },
    out,
    err,
  );
  const read = (n: string) => readFileSync(file(n), "utf8");
  return {
    code,
    console: out.text,
    err: err.text,
    json: read("r.json"),
    junit: read("r.xml"),
    tap: read("r.tap"),
    html: read("r.html"),
  };
}
