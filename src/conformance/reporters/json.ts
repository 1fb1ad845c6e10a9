/**
 * The JSON reporter: the run report as it is (run info, timings, one result per case with its
 * per-step, per-check results), every string with signatures and secrets redacted.
 */
import { redact } from "../request/curl.js";
import type { Reporter } from "./types.js";

function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)]));
  return value;
}

/** Renders the report as JSON. */
export const jsonReporter: Reporter = (report, ctx) =>
  `${JSON.stringify(redactDeep(report, ctx.secrets), null, 2)}\n`;
