/**
 * A failing step's response as the console and HTML reporters show it: the status and headers,
 * then the body, pretty-printed when it is whole JSON, cut at a number of lines, with the line
 * of the failing check's pointer marked (or of its nearest existing parent, when the member is
 * missing). Other bodies (Atom, HTML, text, a JSON body the report kept only the start of) are
 * shown as they came; in XML, the line where the element the pointer or XPath names opens is
 * marked, found step by step (`/feed/entry[2]/author`: the second `entry` after `feed`, then
 * the first `author` after it).
 */
import { escapeToken, pointerOf, pointerTokens } from "../../model/json-pointer.js";
import type { CheckResult } from "../checks/check-result.js";
import type { ResponseExcerpt, StepResult } from "../run/results.js";

/** What to print of a response. */
interface ResponseView {
  /** `HTTP 200`, then one line per header. */
  readonly head: readonly string[];
  /** The body's lines shown (a window of them). */
  readonly lines: readonly string[];
  /** Indexes into `lines` to mark. */
  readonly marked: ReadonlySet<number>;
  /** What was left out, in words, or undefined when the whole body is shown. */
  readonly cut?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** `JSON.stringify(v, null, 2)`'s lines, with the first line of each pointer's value. */
function prettyLines(v: unknown): { lines: string[]; at: Map<string, number> } {
  const lines: string[] = [];
  const at = new Map<string, number>();
  const write = (x: unknown, p: string, indent: string, lead: string, trail: string): void => {
    at.set(p, lines.length);
    const entries = Array.isArray(x)
      ? x.map((y, i) => [String(i), y, ""] as const)
      : isObject(x)
        ? Object.entries(x).map(([k, y]) => [escapeToken(k), y, `${JSON.stringify(k)}: `] as const)
        : undefined;
    if (!entries || entries.length === 0) {
      lines.push(`${indent}${lead}${JSON.stringify(x)}${trail}`);
      return;
    }
    const [open, close] = Array.isArray(x) ? ["[", "]"] : ["{", "}"];
    lines.push(`${indent}${lead}${open}`);
    entries.forEach(([token, y, key], i) => {
      write(y, `${p}/${token}`, `${indent}  `, key, i < entries.length - 1 ? "," : "");
    });
    lines.push(`${indent}${close}${trail}`);
  };
  write(v, "", "", "", "");
  return { lines, at };
}

/** The JSON pointer a failed check names (its location, without words after it), if any. */
function failingPointer(checks: readonly CheckResult[]): string | undefined {
  for (const k of checks) {
    if (k.ok || k.location === undefined || !k.location.startsWith("/")) continue;
    return k.location.replace(/ \(.*$/, "");
  }
  return undefined;
}

/**
 * The line of `pointer`, or of its nearest ancestor the body has; none when that is the root
 * (marking the whole body says nothing).
 */
function lineOf(at: ReadonlyMap<string, number>, pointer: string): number | undefined {
  const tokens = pointerTokens(pointer);
  for (let n = tokens.length; n > 0; n--) {
    const line = at.get(pointerOf(tokens.slice(0, n)));
    if (line !== undefined) return line;
  }
  return undefined;
}

/** The line where the element `location` names opens in XML `lines`, found step by step. */
function xmlLine(lines: readonly string[], location: string): number | undefined {
  const steps: { local: string; nth: number }[] = [];
  for (const token of pointerTokens(location)) {
    const last = steps.at(-1);
    if (/^\d+$/.test(token) && last)
      last.nth = Number(token) + 1; // a JSON index is 0-based
    else {
      const m = /^(?:[^:[\]]+:)?([A-Za-z_][\w.-]*)(?:\[(\d+)\])?$/.exec(token);
      if (!m?.[1]) return undefined;
      steps.push({ local: m[1], nth: Number(m[2] ?? 1) });
    }
  }
  let line = -1;
  for (const { local, nth } of steps) {
    const opens = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${local}[\\s/>]`);
    let seen = 0;
    let found: number | undefined;
    for (let i = line + 1; i < lines.length && found === undefined; i++)
      if (opens.test(lines[i] ?? "") && ++seen === nth) found = i;
    if (found === undefined) return line < 0 ? undefined : line;
    line = found;
  }
  return line < 0 ? undefined : line;
}

function parsedJson(r: ResponseExcerpt): { ok: true; value: unknown } | { ok: false } {
  const type = r.headers["content-type"] ?? "";
  const whole = Buffer.byteLength(r.body) === r.bodyBytes;
  if (!whole || !/json/i.test(type)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(r.body) };
  } catch {
    return { ok: false };
  }
}

/** The view of a failing step's response, at most `maxLines` body lines around the mark. */
export function responseView(
  step: Pick<StepResult, "status" | "response" | "checks">,
  maxLines: number,
): ResponseView | undefined {
  const r = step.response;
  if (!r) return undefined;
  const head = [
    `HTTP ${step.status ?? "?"}`,
    ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  const json = parsedJson(r);
  let all: string[];
  let mark: number | undefined;
  if (json.ok) {
    const pretty = prettyLines(json.value);
    all = pretty.lines;
    const pointer = failingPointer(step.checks);
    mark = pointer === undefined ? undefined : lineOf(pretty.at, pointer);
  } else {
    all = r.body === "" ? [] : r.body.replace(/\r\n/g, "\n").split("\n");
    const pointer = failingPointer(step.checks);
    if (pointer !== undefined && r.body.trimStart().startsWith("<")) mark = xmlLine(all, pointer);
  }
  const from =
    mark === undefined || all.length <= maxLines
      ? 0
      : Math.max(0, Math.min(mark - Math.floor(maxLines / 3), all.length - maxLines));
  const lines = all.slice(from, from + maxLines);
  const left = all.length - lines.length;
  const kept = Buffer.byteLength(r.body) < r.bodyBytes;
  const cut =
    left > 0 || kept
      ? `${left > 0 ? `${left} more line(s) not shown` : ""}${left > 0 && kept ? "; " : ""}${kept ? `the report keeps the first ${Buffer.byteLength(r.body)} of ${r.bodyBytes} bytes` : ""}`
      : undefined;
  return {
    head,
    lines,
    marked: new Set(mark === undefined ? [] : [mark - from]),
    ...(cut !== undefined ? { cut } : {}),
  };
}
