/** A reporter turns a finished run into text (console, JSON, JUnit XML, TAP). */
import type { RunReport } from "../run/results.js";

/** What reporters may use besides the report. */
export interface ReportContext {
  /** Statement id → its text, for messages. */
  readonly statements: ReadonlyMap<string, string>;
  /** Secrets to redact wherever they might appear. */
  readonly secrets: readonly string[];
}

/** One reporter. */
export type Reporter = (report: RunReport, ctx: ReportContext) => string;
