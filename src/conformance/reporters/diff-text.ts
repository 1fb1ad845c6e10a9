/**
 * The text of a differential run: each semantic difference with where it lies, the request
 * (as a redacted curl line) and both answers side by side.
 */
import { show } from "../checks/compare.js";
import type { DiffResult, DiffSide } from "../diff/run-diff.js";
import { curlLine } from "../request/curl.js";
import { redact } from "../request/redact.js";

const WIDTH = 60;

function column(s: DiffSide | undefined): string[] {
  if (!s) return ["(no answer: the case stopped before this step)"];
  const lines = [`${s.status} ${s.contentType}`];
  for (const line of s.body.split("\n"))
    for (let i = 0; i < Math.max(1, line.length); i += WIDTH) lines.push(line.slice(i, i + WIDTH));
  return lines.slice(0, 24);
}

/** Formats `r` for a person; `names` labels the two sides, `secrets` are redacted. */
export function formatDiffResult(
  r: DiffResult,
  names: readonly [string, string],
  secrets: readonly string[],
): string {
  const out: string[] = [];
  for (const [i, d] of r.differences.entries()) {
    out.push(
      `${i + 1}. ${d.source}: ${d.difference.where}`,
      `   A: ${redact(show(d.difference.a), secrets)}`,
      `   B: ${redact(show(d.difference.b), secrets)}`,
      `   ${curlLine(d.request, secrets)}`,
    );
    const left = column(d.a);
    const right = column(d.b);
    out.push(`   ${"A".padEnd(WIDTH)} | B`);
    for (let j = 0; j < Math.max(left.length, right.length); j++)
      out.push(
        `   ${redact(left[j] ?? "", secrets).padEnd(WIDTH)} | ${redact(right[j] ?? "", secrets)}`,
      );
    out.push("");
  }
  const what = r.mode === "fuzz" ? `fuzz sequence of seed ${r.seed}` : "the suite's requests";
  const verdict =
    r.compared === 0
      ? "nothing compared"
      : r.differences.length === 0
        ? "no semantic difference"
        : `${r.differences.length} semantic difference(s)`;
  out.push(
    `diff: ${r.compared} request pairs (${what}) in ${(r.ms / 1000).toFixed(1)} s; A = ${names[0]}, B = ${names[1]}: ${verdict}`,
  );
  return `${out.join("\n")}\n`;
}
