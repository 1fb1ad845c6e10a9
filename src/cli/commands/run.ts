/**
 * `opensocial-kit run`: runs the conformance suite against a target and exits with the gate's
 * code (0 ok, 1 failures, 2 usage/target errors, 3 unreachable target, 4 empty selection).
 * With neither --target nor --base-url it starts the reference server in-process (a temporary
 * in-memory store, the bundled world) and uses fixtures/target.json's apps and users: the
 * quick start. Only this command, not the runner, imports the server.
 */
import { accessSync, constants, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Argv } from "yargs";
import {
  createProgress,
  EXIT,
  type ExpectationEntry,
  isReporterName,
  loadExpectations,
  loadStatements,
  loadTarget,
  REPORTERS,
  type ReporterName,
  runSuite,
  statementTexts,
  type Target,
} from "../../conformance/index.js";
import { issueText } from "../../conformance/reporters/issue-text.js";
import { PACKAGE_DIR } from "../../conformance/suite/suite-location.js";
import type { CommandRegistration } from "../commands.js";
import { packageVersion } from "../version.js";

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
  timeout: number;
  concurrency: number;
  bail: boolean;
}

/** The bundled target (fits fixtures/world.json). */
export const BUNDLED_TARGET = join(PACKAGE_DIR, "fixtures", "target.json");

interface Output {
  name: ReporterName;
  file?: string;
}

function parseReporters(args: RunArgs): Output[] | string {
  const specs = args.reporter?.length ? args.reporter : ["console"];
  const outs: Output[] = [];
  for (const spec of specs) {
    const colon = spec.indexOf(":");
    const name = colon < 0 ? spec : spec.slice(0, colon);
    if (!isReporterName(name)) return `unknown reporter ${name} (console, json, junit, tap, html)`;
    outs.push(colon < 0 ? { name } : { name, file: spec.slice(colon + 1) });
  }
  if (args.out !== undefined) {
    const open = outs.filter((o) => o.name !== "console" && o.file === undefined);
    if (open.length !== 1)
      return "--out names the file of exactly one json, junit, tap or html reporter; use --reporter name:FILE for several";
    (open[0] as Output).file = args.out;
  }
  if (outs.filter((o) => o.file === undefined).length > 1)
    return "only one reporter can write to stdout; give the others a file (--reporter junit:FILE)";
  return outs;
}

/**
 * Why a report file could not be written, checked before the suite runs (so a bad path costs
 * nothing): its folder is created if missing, must be writable, and the path must not be a folder.
 */
export function reportPathProblem(file: string): string | undefined {
  const path = resolve(file);
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
      return `report file ${file} is a directory`;
    mkdirSync(dirname(path), { recursive: true });
    accessSync(dirname(path), constants.W_OK);
    if (statSync(path, { throwIfNoEntry: false })) accessSync(path, constants.W_OK);
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    return `report file ${file} cannot be written (${code || (e as Error).message})`;
  }
  return undefined;
}

/** `target` at `--base-url baseUrl`, or why that is not a URL. */
export function withBaseUrl(target: Target, baseUrl: string): Target | string {
  try {
    new URL(baseUrl);
  } catch {
    return `--base-url ${baseUrl} is not an absolute URL`;
  }
  return { ...target, baseUrl: baseUrl.replace(/\/+$/, "") };
}

/** Where a command writes (process.stdout / process.stderr, or a buffer in tests). */
export interface TextSink {
  write(text: string): unknown;
  /** A terminal gets live progress redrawn in place; anything else plain lines. */
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** Runs the command; resolves to the exit code. */
export async function runCommand(
  args: RunArgs,
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): Promise<number> {
  const usage = (m: string) => {
    err.write(`opensocial-kit run: ${m}\n`);
    return EXIT.USAGE;
  };
  if (args.level !== "core" && args.level !== "profile") return usage("--level is core or profile");
  const outputs = parseReporters(args);
  if (typeof outputs === "string") return usage(outputs);
  for (const o of outputs) {
    const problem = o.file === undefined ? undefined : reportPathProblem(o.file);
    if (problem) return usage(problem);
  }
  let grep: RegExp | undefined;
  try {
    if (args.grep !== undefined) grep = new RegExp(args.grep);
  } catch (e) {
    return usage(`--grep: ${(e as Error).message}`);
  }
  if (!Number.isInteger(args.timeout) || args.timeout < 1)
    return usage("--timeout is a positive number of milliseconds");
  if (!Number.isInteger(args.concurrency) || args.concurrency < 1 || args.concurrency > 256)
    return usage("--concurrency is 1-256");
  let expectations: ExpectationEntry[] | undefined;
  if (args.expectations !== undefined) {
    const e = loadExpectations(args.expectations);
    if (!e.ok) return usage(issueText(e.issues));
    expectations = e.value;
  }
  const loaded = loadTarget(args.target ?? BUNDLED_TARGET);
  if (!loaded.ok) return usage(issueText(loaded.issues));
  let target: Target = loaded.value;
  let stop: (() => Promise<void>) | undefined;
  if (args.baseUrl !== undefined) {
    const moved = withBaseUrl(target, args.baseUrl);
    if (typeof moved === "string") return usage(moved);
    target = moved;
  } else if (args.target === undefined) {
    const started = await startReferenceServer();
    if (typeof started === "string") return usage(started);
    target = { ...target, baseUrl: started.url };
    stop = started.stop;
    err.write(`opensocial-kit run: started the reference server at ${started.url}\n`);
  }
  const progress = outputs.some((o) => o.name === "console" && o.file === undefined)
    ? createProgress(out)
    : undefined;
  try {
    const report = await runSuite({
      target,
      level: args.level,
      ...(grep ? { grep } : {}),
      ...(args.feature?.length ? { features: args.feature } : {}),
      ...(expectations ? { expectations } : {}),
      timeoutMs: args.timeout,
      concurrency: args.concurrency,
      bail: args.bail,
      version: packageVersion(),
      ...(progress ? { onStart: progress.start, onCase: progress.onCase } : {}),
    });
    progress?.end();
    if (!("cases" in report)) {
      err.write(`opensocial-kit run: ${report.message}\n`);
      return report.exitCode;
    }
    const st = loadStatements();
    const ctx = {
      statements: st.ok ? statementTexts(st.value) : new Map<string, string>(),
      secrets: [
        target.apps.main.consumerSecret,
        ...(target.apps.other ? [target.apps.other.consumerSecret] : []),
      ],
    };
    for (const o of outputs) {
      const text = REPORTERS[o.name](report, ctx);
      if (o.file === undefined) out.write(text);
      else writeFileSync(o.file, text);
    }
    return report.exitCode;
  } finally {
    await stop?.();
  }
}

/** Starts the reference server on 127.0.0.1:0 with the bundled world and an in-memory store. */
export async function startReferenceServer(): Promise<
  { url: string; stop: () => Promise<void> } | string
> {
  const { createServer, loadWorld, memoryStore, BUNDLED_WORLD } = await import(
    "../../server/index.js"
  );
  const world = loadWorld(BUNDLED_WORLD);
  if (!world.ok) return `the bundled world does not load: ${world.issues[0]?.message ?? ""}`;
  const store = memoryStore();
  const server = createServer({ world: world.value, store });
  const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    stop: async () => {
      await server.close();
      await store.close();
    },
  };
}

/** Registers `run`. */
export const registerRun: CommandRegistration = (cli: Argv, setExit) => {
  cli.command(
    "run",
    "Run the conformance suite against a target (default: the reference server, in-process)",
    (y) =>
      y
        .option("target", { type: "string", describe: "Target file (baseUrl, apps, users, world)" })
        .option("base-url", {
          type: "string",
          describe: "Base URL; apps and users from --target or fixtures/target.json",
        })
        .option("level", {
          type: "string",
          choices: ["core", "profile"],
          default: "profile",
          describe: "core: social-api.md only; profile: also profile.md decisions",
        })
        .option("grep", {
          type: "string",
          describe: "Only cases whose id matches this regular expression",
        })
        .option("feature", {
          type: "array",
          string: true,
          describe: "Only cases with one of these features",
        })
        .option("reporter", {
          type: "array",
          string: true,
          describe: "console|json|junit|tap|html, or name:FILE (repeatable)",
        })
        .option("out", {
          type: "string",
          describe: "File for the one json/junit/tap/html reporter",
        })
        .option("expectations", { type: "string", describe: "Known failures file" })
        .option("timeout", {
          type: "number",
          default: 10_000,
          describe: "Per-request timeout in ms",
        })
        .option("concurrency", { type: "number", default: 16, describe: "Cases run at once" })
        .option("bail", {
          type: "boolean",
          default: false,
          describe: "Stop after the first unexpected result",
        })
        .example("$0 run", "quick start: the whole suite against an in-process reference server")
        .example(
          "$0 run --target my-target.json",
          "your implementation (target file: see fixtures/target.json)",
        )
        .example(
          "$0 run --base-url http://127.0.0.1:8080 --level core",
          "only what social-api.md itself says, with the bundled apps and users",
        )
        .example(
          "$0 run --target t.json --reporter console --reporter junit:reports/junit.xml --reporter json:reports/run.json",
          "CI: progress on the console, JUnit and JSON reports to files",
        )
        .example(
          "$0 run --target t.json --reporter console --reporter html:reports/conformance.html",
          "a self-contained HTML report: summary by operation and statement, each failure's expected and actual values, request and curl line",
        )
        .example(
          "$0 run --target t.json --expectations known-failures.json",
          "gate on known failures: an unexpected pass or an unused entry fails the run",
        )
        .example(
          "$0 run --grep '^appdata-write/' --bail",
          "one operation's cases, stop at the first failure",
        )
        .epilogue(
          "Exit codes: 0 every selected case passed (or failed as expected); 1 a conformance failure, an unexpected pass or a stale expectation; 2 usage or target-file error; 3 the smoke request did not get 200 (unreachable, credentials refused, redirected: check the base URL); 4 nothing selected (a run that tested nothing is never green). Docs: conformance/README-runners.md.",
        ),
    async (argv) => {
      setExit(
        await runCommand({
          target: argv.target,
          baseUrl: argv["base-url"],
          level: argv.level,
          grep: argv.grep,
          feature: argv.feature,
          reporter: argv.reporter,
          out: argv.out,
          expectations: argv.expectations,
          timeout: argv.timeout,
          concurrency: argv.concurrency,
          bail: argv.bail,
        }),
      );
    },
  );
};
