/**
 * `opensocial-kit run`: runs the conformance suite against a target and exits with the gate's
 * code (0 ok, 1 failures, 2 usage/target errors, 3 unreachable target, 4 empty selection).
 * With neither --target nor --base-url it starts the reference server in-process (a temporary
 * in-memory store, the bundled world) and uses fixtures/target.json's apps and users: the
 * quick start. Only the CLI, not the runner, imports the server.
 *
 * Three stages: options → a checked plan (run-plan.ts, pure) → preparation (report paths probed,
 * expectations read, target resolved or the reference server started) → the run and its reports.
 * A run that did not start for its target (the smoke request refused: exit 3) or its selection
 * (nothing selected: exit 4) writes every report too, with no case and the reason; a usage or
 * input error (exit 2) writes none (conformance/README-runners.md says why).
 */
import {
  createProgress,
  type ExpectationEntry,
  isRunAbort,
  loadExpectations,
  loadStatements,
  REPORTERS,
  type ReportContext,
  type RunOptions,
  type RunReport,
  runSuite,
  statementTexts,
  type Target,
} from "../../conformance/index.js";
import { expectationsFileText } from "../../conformance/reporters/expectations-file.js";
import { issueText } from "../../conformance/reporters/issue-text.js";
import { shellWord } from "../../conformance/reporters/replay.js";
import { abortedReport, isReportedAbort } from "../../conformance/run/aborted-report.js";
import { EXIT } from "../../conformance/run/exit-codes.js";
import { endAborted, usageError } from "../abort-exit.js";
import { interruptOnSignals } from "../interrupt.js";
import { fromOption } from "../option-file.js";
import { reportPathProblem, writeReport } from "../report-files.js";
import { colourTerminal } from "../terminal.js";
import type { TextSink } from "../text-sink.js";
import { packageVersion } from "../version.js";
import { planRun, type RunArgs, type RunPlan } from "./run-plan.js";
import { resolveTarget } from "./target-option.js";

/** What a run needs beyond its plan: the known failures and the target, with its stop. */
interface Prepared {
  readonly expectations?: ExpectationEntry[];
  readonly target: Target;
  readonly stop?: () => Promise<void>;
}

/** Probes the report files, reads the expectations, resolves the target; or a usage error. */
async function prepare(plan: RunPlan, err: TextSink): Promise<Prepared | string> {
  for (const o of plan.outputs) {
    const problem = o.file === undefined ? undefined : reportPathProblem(o.file);
    if (problem) return problem;
  }
  if (plan.expectationsOut !== undefined) {
    const problem = reportPathProblem(plan.expectationsOut, "--write-expectations file");
    if (problem) return problem;
  }
  let expectations: ExpectationEntry[] | undefined;
  if (plan.expectationsFile !== undefined) {
    const e = loadExpectations(plan.expectationsFile);
    if (!e.ok) return issueText(fromOption("--expectations", e.issues));
    expectations = e.value;
  }
  const resolved = await resolveTarget(
    { target: plan.targetFile, baseUrl: plan.baseUrl },
    "run",
    err,
  );
  if (typeof resolved === "string") return resolved;
  return { ...(expectations ? { expectations } : {}), ...resolved };
}

/** Runs the suite as planned and writes the reports; resolves to the exit code. */
async function execute(
  plan: RunPlan,
  prep: Prepared,
  out: TextSink,
  err: TextSink,
): Promise<number> {
  const progress = plan.progress ? createProgress(out) : undefined;
  const interrupt = interruptOnSignals(
    "run",
    "finishing the cases started, then writing the reports",
    err,
  );
  const opts: RunOptions = {
    target: prep.target,
    level: plan.level,
    ...(plan.grep ? { grep: plan.grep } : {}),
    ...(plan.features ? { features: [...plan.features] } : {}),
    ...(prep.expectations ? { expectations: prep.expectations } : {}),
    timeoutMs: plan.timeoutMs,
    ...(plan.maxAnswerBytes !== undefined ? { maxAnswerBytes: plan.maxAnswerBytes } : {}),
    concurrency: plan.concurrency,
    bail: plan.bail,
    version: packageVersion(),
    ...(progress ? { onStart: progress.start, onCase: progress.onCase } : {}),
    interrupt: interrupt.signal,
  };
  const result = await runSuite(opts).finally(interrupt.release);
  progress?.end();
  let report: RunReport;
  if (isRunAbort(result)) {
    const code = endAborted("run", result, err);
    // a run that did not start (exit 3, 4) still writes every report, saying why: a CI job
    // that publishes them finds its files and shows the run red
    if (!isReportedAbort(result)) return code;
    report = abortedReport(result, code);
  } else report = result;
  const st = loadStatements();
  const { apps } = prep.target;
  const ctx: ReportContext = {
    statements: st.ok ? statementTexts(st.value) : new Map<string, string>(),
    secrets: [apps.main.consumerSecret, ...(apps.other ? [apps.other.consumerSecret] : [])],
    replay: replayCommand(plan),
  };
  let unwritten = 0;
  for (const o of plan.outputs) {
    const onTerminal = o.file === undefined && o.name === "console" && colourTerminal(out);
    const text = REPORTERS[o.name](report, onTerminal ? { ...ctx, colour: true } : ctx);
    if (o.file === undefined) {
      out.write(text);
      continue;
    }
    const problem = writeReport(o.file, text);
    if (problem !== undefined) {
      unwritten++;
      err.write(`opensocial-kit run: ${problem}\n`);
    }
  }
  if (
    plan.expectationsOut !== undefined &&
    !writeExpectations(plan.expectationsOut, report, prep.expectations ?? [], ctx, err)
  )
    unwritten++;
  // a verdict CI cannot read is no pass: the other reports are written, the run fails
  if (unwritten > 0 && report.exitCode === EXIT.OK) {
    err.write(
      `opensocial-kit run: every case passed, but ${unwritten} report file(s) are missing\n`,
    );
    return EXIT.FAILED;
  }
  return report.exitCode;
}

/**
 * `--write-expectations FILE`: the run's failures as an expectations file, or why not (a run
 * that stopped early or never started knows not all of them: the file is left as it was).
 * False when the file could not be written.
 */
function writeExpectations(
  file: string,
  report: RunReport,
  known: readonly ExpectationEntry[],
  ctx: ReportContext,
  err: TextSink,
): boolean {
  const text = expectationsFileText(report, known, ctx.secrets);
  const problem =
    text === undefined
      ? `${file} not written: the run did not judge every selected case`
      : writeReport(file, text, "--write-expectations file");
  if (problem !== undefined) err.write(`opensocial-kit run: ${problem}\n`);
  return text === undefined || problem === undefined;
}

/**
 * The command that runs the suite against the target this run judged, as replay lines print
 * it: the target file and base URL as given; neither: the in-process reference again.
 */
function replayCommand(plan: Pick<RunPlan, "targetFile" | "baseUrl">): string {
  const parts = ["npx opensocial-kit run"];
  if (plan.targetFile !== undefined) parts.push(`--target ${shellWord(plan.targetFile)}`);
  if (plan.baseUrl !== undefined) parts.push(`--base-url ${shellWord(plan.baseUrl)}`);
  return parts.join(" ");
}

/** Runs the command; resolves to the exit code. */
export async function runCommand(
  args: RunArgs,
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): Promise<number> {
  const usage = usageError("run", err);
  const planned = planRun(args);
  if (!planned.ok) return usage(planned.usage);
  const prep = await prepare(planned.plan, err);
  if (typeof prep === "string") return usage(prep);
  try {
    return await execute(planned.plan, prep, out, err);
  } finally {
    await prep.stop?.();
  }
}
