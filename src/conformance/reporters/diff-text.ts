/**
 * The text of a differential run: each semantic difference (identical ones as one, with how many
 * there were and the first requests where it showed: group-differences.ts) with where it lies,
 * the request (as a redacted curl line) and both answers side by side. A curl line names a server
 * that is still there after the run: an in-process reference is stopped when `diff` ends, so its
 * line is not printed; the request as made for the other side is, when that side is a real one.
 */
import { show } from "../checks/compare.js";
import type { DiffEntry, DiffResult, DiffSide } from "../diff/run-diff.js";
import { curlLine } from "../request/curl.js";
import { redact } from "../request/redact.js";
import type { TransportError } from "../transport/http-client.js";

const WIDTH = 60;

function column(s: DiffSide | undefined, failure: TransportError | undefined): string[] {
  if (failure) return [`(no answer: ${failure.message})`];
  if (!s) return ["(not sent: the case stopped before this step)"];
  const lines = [`${s.status} ${s.contentType}`];
  for (const line of s.body.split("\n"))
    for (let i = 0; i < Math.max(1, line.length); i += WIDTH) lines.push(line.slice(i, i + WIDTH));
  return lines.slice(0, 24);
}

/** The line that reproduces `d`'s request on a server still running after the run. */
function requestLine(
  d: DiffEntry,
  inProcess: readonly [boolean, boolean],
  secrets: readonly string[],
): string {
  if (!inProcess[0]) return curlLine(d.request, secrets);
  if (!inProcess[1] && d.requestB) return `(as sent to B) ${curlLine(d.requestB, secrets)}`;
  const target = new URL(d.request.url);
  return `(no curl line: A was the in-process reference, stopped when diff ended; start one with \`opensocial-kit serve\` and send ${d.request.method} ${redact(target.pathname + target.search, secrets)} to it)`;
}

/** Most requests named under "not compared"; the rest are counted. */
const NOT_COMPARED_SHOWN = 10;

/** The requests not compared (an answer over the cap), and how to compare them. */
function notComparedText(r: DiffResult): string[] {
  const shown = r.notCompared.slice(0, NOT_COMPARED_SHOWN);
  const more = r.notCompared.length - shown.length;
  return [
    `Not compared: ${r.notCompared.length} request(s) whose answer was larger than ${r.maxAnswerBytes} bytes (--max-answer-bytes), so not read:`,
    ...shown.map((n) => `   ${n.source} (over the cap on ${n.sides.join(" and ")})`),
    ...(more > 0 ? [`   and ${more} more`] : []),
    "   No rule bounds an answer's size: raise --max-answer-bytes to compare them.",
  ];
}

/** How often a group's difference showed, and where first. */
function heading(source: string, count: number, sources: readonly string[]): string {
  if (count === 1) return source;
  const more = count - sources.length;
  return `${count} requests (${sources.join(", ")}${more > 0 ? `, and ${more} more` : ""})`;
}

/**
 * Formats `r` for a person; `names` labels the two sides, `secrets` are redacted, `inProcess`
 * tells which side was a reference started in-process (its base URL is gone after the run).
 */
export function formatDiffResult(
  r: DiffResult,
  names: readonly [string, string],
  secrets: readonly string[],
  inProcess: readonly [boolean, boolean] = [false, false],
): string {
  const out: string[] = [];
  for (const [i, g] of r.groups.entries()) {
    const d = g.first;
    out.push(
      `${i + 1}. ${heading(d.source, g.count, g.sources)}: ${d.difference.where}`,
      `   A: ${redact(show(d.difference.a), secrets)}`,
      `   B: ${redact(show(d.difference.b), secrets)}`,
      `   ${requestLine(d, inProcess, secrets)}`,
    );
    const left = column(d.a, d.aFailure);
    const right = column(d.b, d.bFailure);
    out.push(`   ${"A".padEnd(WIDTH)} | B`);
    for (let j = 0; j < Math.max(left.length, right.length); j++)
      out.push(
        `   ${redact(left[j] ?? "", secrets).padEnd(WIDTH)} | ${redact(right[j] ?? "", secrets)}`,
      );
    out.push("");
  }
  if (r.notCompared.length > 0) out.push(...notComparedText(r), "");
  const what = r.mode === "fuzz" ? `fuzz sequence of seed ${r.seed}` : "the suite's requests";
  const n = r.differences.length;
  const verdict =
    n > 0
      ? `${n} semantic difference(s)${r.groups.length < n ? `, ${r.groups.length} distinct` : ""}`
      : r.notCompared.length > 0
        ? `NOT GREEN: no semantic difference, but ${r.notCompared.length} request(s) not compared`
        : r.compared === 0
          ? "nothing compared"
          : "no semantic difference";
  out.push(
    `diff: ${r.compared} request pairs (${what}) in ${(r.ms / 1000).toFixed(1)} s${r.stoppedBy ? ` (interrupted by ${r.stoppedBy}: what was not yet sent was not compared)` : ""}; A = ${names[0]}, B = ${names[1]}: ${verdict}`,
  );
  return `${out.join("\n")}\n`;
}
