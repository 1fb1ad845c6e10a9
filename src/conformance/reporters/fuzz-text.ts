/**
 * The text a person reads after a fuzz run: the figures, and for a failure the statement it
 * breaks, where, the shrunk operations, a redacted `curl` line per request (curl.ts) and the
 * command that replays it.
 */
import { opText } from "../fuzz/ops.js";
import type { FuzzResult } from "../fuzz/run-fuzz.js";
import { curlLine } from "../request/curl.js";
import { redact } from "../request/redact.js";
import { fuzzFindingText } from "./fuzz-finding-text.js";

/** Formats `r`; `statements` maps ids to their text, `secrets` are redacted everywhere. */
export function formatFuzzResult(
  r: FuzzResult,
  statements: ReadonlyMap<string, string>,
  secrets: readonly string[],
  replay: string,
): string {
  const rate = r.ms > 0 ? Math.round((r.steps / r.ms) * 1000) : 0;
  const lines = [
    `fuzz: ${r.steps} steps, ${r.requests} requests, ${r.sequences} sequences in ${(r.ms / 1000).toFixed(1)} s (${rate} steps/s), level ${r.level}, seed ${r.seed}${r.stoppedBy ? ` (interrupted by ${r.stoppedBy}; the sequence under way was cleaned up)` : r.interrupted ? " (stopped by --time)" : ""}`,
  ];
  if (r.cleanupProblems)
    lines.push(
      `clean-up: ${r.cleanupProblems} delete request(s) did not answer 200; owned keys may remain`,
    );
  if (r.overCap > 0)
    lines.push(
      `NOT GREEN: ${r.overCap} sequence(s) cut short by an answer larger than ${r.maxAnswerBytes} bytes (--max-answer-bytes), not judged past it; no rule bounds an answer's size, so raise the cap to judge them${r.firstOverCap ? `; the first: ${curlLine(r.firstOverCap, secrets)}` : ""}`,
    );
  const f = r.failure;
  if (!f) {
    lines.push(
      r.stoppedBy
        ? "no failure in the steps run before the interruption (a shorter run than asked for)"
        : "no failure",
    );
    return `${lines.join("\n")}\n`;
  }
  const text = statements.get(f.finding.statement);
  lines.push(
    "",
    `FAILURE ${f.finding.statement}${text ? `: ${text}` : ""}`,
    `  at ${f.finding.path}: ${redact(fuzzFindingText(f.finding), secrets)}`,
    `  seed ${r.seed}, path ${f.path} (shrunk ${f.shrinks} time(s)); replay: ${replay} --seed ${r.seed} --path '${f.path}'`,
    "",
    `shrunk sequence (${f.ops.length} operation(s)):`,
    ...f.ops.map((op, i) => `  ${i + 1}. ${redact(opText(op), secrets)}`),
    "",
    `requests (${f.requests.length}), the last one failed:`,
    ...f.requests.map((q) => `  ${curlLine(q, secrets)}`),
  );
  if (f.answer)
    lines.push(
      "",
      `answer: ${f.answer.status} ${f.answer.contentType}`,
      ...redact(f.answer.body, secrets)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  lines.push(
    "",
    "(curl lines carry a redacted signature: re-sign them, or replay with the command above)",
  );
  return `${lines.join("\n")}\n`;
}
