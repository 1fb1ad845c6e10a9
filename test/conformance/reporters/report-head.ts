/** The run information a synthetic report for the reporters' tests starts with. */
import type { RunReport } from "../../../src/conformance/index.js";

/** A run of the reference's base URL at level profile, ten milliseconds long. */
export const REPORT_HEAD: Pick<RunReport, "tool" | "target" | "options" | "startedAt" | "ms"> = {
  tool: { name: "opensocial-kit", version: "0.1.0" },
  target: { baseUrl: "http://127.0.0.1:1", world: false },
  options: { level: "profile", concurrency: 1, timeoutMs: 1000, maxAnswerBytes: 4 * 1024 * 1024 },
  startedAt: "2026-01-01T00:00:00.000Z",
  ms: 10,
};
