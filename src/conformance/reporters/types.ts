/** A reporter turns a finished run into text (console, JSON, JUnit XML, TAP, HTML). */
import type { RunReport } from "../run/results.js";

/** What reporters may use besides the report. */
export interface ReportContext {
  /** Statement id → its text, for messages. */
  readonly statements: ReadonlyMap<string, string>;
  /** Secrets to redact wherever they can appear (never in ids, descriptions or paths). */
  readonly secrets: readonly string[];
  /**
   * The command that runs the suite against the judged target, as replay lines print it before
   * `--grep` (e.g. `npx opensocial-kit run --target ci/target.json`); by default
   * `npx opensocial-kit run --base-url <the report's base URL>`.
   */
  readonly replay?: string;
  /** The console reporter colours its verdicts (ANSI); the CLI sets it for a colour terminal. */
  readonly colour?: boolean;
}

/** One reporter. */
export type Reporter = (report: RunReport, ctx: ReportContext) => string;
