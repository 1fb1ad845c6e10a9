/**
 * The JSON reporter: the run report as it is (run info, timings, one result per case with its
 * per-step, per-check results), secrets redacted.
 */
import { redact } from "../curl.js";
import type { Reporter } from "./types.js";

/** Renders the report as JSON. */
export const jsonReporter: Reporter = (report, ctx) =>
  redact(`${JSON.stringify(report, null, 2)}\n`, ctx.secrets);
