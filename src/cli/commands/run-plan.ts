/**
 * `opensocial-kit run`, first stage: the parsed options checked and turned into a plan, a pure
 * function (no file, network or clock), so every usage error is found before anything runs and is
 * tested without I/O. The second stage (run.ts) probes the files, resolves the target, runs.
 */

import { resolve } from "node:path";
import type { Level } from "../../conformance/case-types.js";
import { isReporterName, type ReporterName } from "../../conformance/index.js";
import { FILE_REPORTER_NAMES, REPORTER_NAMES } from "../../conformance/reporters/index.js";
import { apiUrlProblem } from "../../wire/http-url.js";

/** Options of `run`, as parsed. */
export interface RunArgs {
  target?: string | undefined;
  baseUrl?: string | undefined;
  level: string;
  grep?: string | undefined;
  feature?: string[] | undefined;
  reporter?: string[] | undefined;
  out?: string | undefined;
  expectations?: string | undefined;
  writeExpectations?: string | undefined;
  timeout: number;
  /** `--max-answer-bytes`; absent: the runner's default (4 MiB). */
  maxAnswerBytes?: number | undefined;
  concurrency: number;
  bail: boolean;
}

/** One reporter and its file (none: stdout). */
interface ReportOutput {
  readonly name: ReporterName;
  readonly file?: string;
}

/** What a run will do, every option checked. */
export interface RunPlan {
  readonly level: Level;
  readonly outputs: readonly ReportOutput[];
  readonly grep?: RegExp;
  readonly features?: readonly string[];
  readonly expectationsFile?: string;
  /** Where to write the run's failures as an expectations file. */
  readonly expectationsOut?: string;
  /** A target file; absent: the bundled target. */
  readonly targetFile?: string;
  /** Overrides the target's base URL; with neither this nor a target file, the reference server is started. */
  readonly baseUrl?: string;
  readonly timeoutMs: number;
  /** The largest answer read (`--max-answer-bytes`); absent: the runner's default. */
  readonly maxAnswerBytes?: number;
  readonly concurrency: number;
  readonly bail: boolean;
  /** Live progress on stdout (the console reporter writes there). */
  readonly progress: boolean;
}

/** The reporters named by `--reporter` and `--out`, or why they do not fit together. */
function parseReporters(
  reporter: readonly string[] | undefined,
  out: string | undefined,
): ReportOutput[] | string {
  const specs = reporter?.length ? reporter : ["console"];
  const outs: { name: ReporterName; file?: string }[] = [];
  for (const spec of specs) {
    const colon = spec.indexOf(":");
    const name = colon < 0 ? spec : spec.slice(0, colon);
    if (!isReporterName(name)) return `unknown reporter ${name} (${REPORTER_NAMES.join(", ")})`;
    // `junit:` (an unset variable in a CI script): a file named "" is no file
    if (colon >= 0 && spec.slice(colon + 1).trim() === "")
      return `--reporter ${name}: the report file's path is empty (give ${name}:FILE, or ${name} alone for stdout)`;
    outs.push(colon < 0 ? { name } : { name, file: spec.slice(colon + 1) });
  }
  if (out !== undefined) {
    if (out.trim() === "") return "--out: the report file's path is empty";
    const open = outs.filter((o) => o.name !== "console" && o.file === undefined);
    if (open.length !== 1)
      return `--out names the file of exactly one ${FILE_REPORTER_NAMES.slice(0, -1).join(", ")} or ${FILE_REPORTER_NAMES.at(-1)} reporter; use --reporter name:FILE for several`;
    (open[0] as { file?: string }).file = out;
  }
  const toStdout = outs.filter((o) => o.file === undefined).map((o) => o.name);
  if (toStdout.length > 1) {
    // name the reporters at fault: the console is the one usually meant for stdout
    const others = toStdout
      .filter((n) => n !== "console")
      .slice(toStdout.includes("console") ? 0 : 1);
    return `only one reporter can write to stdout, and ${toStdout.join(", ")} would; give the others a file (${others.map((n) => `--reporter ${n}:FILE`).join(", ")})`;
  }
  const files = outs.flatMap((o) => (o.file === undefined ? [] : [resolve(o.file)]));
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice !== undefined)
    return `two reporters write to ${twice}: the last would replace the other; give each its own file`;
  return outs;
}

/** Checks the options; the plan, or the usage error to print (exit 2). */
export function planRun(args: RunArgs): { ok: true; plan: RunPlan } | { ok: false; usage: string } {
  const usage = (m: string) => ({ ok: false as const, usage: m });
  if (args.level !== "core" && args.level !== "profile") return usage("--level is core or profile");
  const outputs = parseReporters(args.reporter, args.out);
  if (typeof outputs === "string") return usage(outputs);
  const written = args.writeExpectations;
  if (written !== undefined && outputs.some((o) => o.file && resolve(o.file) === resolve(written)))
    return usage(
      `--write-expectations and a reporter both write to ${resolve(written)}: give each its own file`,
    );
  let grep: RegExp | undefined;
  try {
    if (args.grep !== undefined) grep = new RegExp(args.grep);
  } catch (e) {
    return usage(`--grep: ${(e as Error).message}`);
  }
  let baseUrl: string | undefined;
  if (args.baseUrl !== undefined) {
    const problem = apiUrlProblem(args.baseUrl);
    if (problem !== undefined) return usage(`--base-url ${problem}`);
    baseUrl = args.baseUrl.replace(/\/+$/, "");
  }
  return {
    ok: true,
    plan: {
      level: args.level,
      outputs,
      ...(grep ? { grep } : {}),
      ...(args.feature?.length ? { features: args.feature } : {}),
      ...(args.expectations !== undefined ? { expectationsFile: args.expectations } : {}),
      ...(written !== undefined ? { expectationsOut: written } : {}),
      ...(args.target !== undefined ? { targetFile: args.target } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      timeoutMs: args.timeout,
      ...(args.maxAnswerBytes !== undefined ? { maxAnswerBytes: args.maxAnswerBytes } : {}),
      concurrency: args.concurrency,
      bail: args.bail,
      progress: outputs.some((o) => o.name === "console" && o.file === undefined),
    },
  };
}
