/**
 * Live progress of a run on the console. On a terminal: one status line redrawn in place (cases
 * done of total, failures so far, elapsed), at most every 100 ms, and cleared at the end so the
 * report starts on a clean line; cut to the terminal's width, or to {@link DEFAULT_COLUMNS} when
 * the terminal reports none (a pseudo-terminal under `script` in CI logs says 0 columns).
 * Elsewhere (CI logs, pipes): plain text, one mark per case (`.` pass, `F` fail, `x` expected
 * failure, `s` skip) and a count at the end of every line of 50, never a control character.
 */
import type { CaseResult } from "../run/results.js";
import { progressMark } from "./console.js";

/** Where progress goes: a stream, and whether it is a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** The callbacks a run calls, and `end` once it is over. */
export interface Progress {
  start(total: number): void;
  onCase(r: CaseResult): void;
  end(): void;
}

const LINE = 50;
/** The width assumed when a terminal reports none (undefined or 0 columns). */
const DEFAULT_COLUMNS = 80;
const REDRAW_MS = 100;
const CLEAR = "\r\u001b[2K";

const failed = (r: CaseResult): boolean => r.outcome === "fail" || r.outcome === "unexpected-pass";

/** Progress on `stream`; `now` in milliseconds (injectable for tests). */
export function createProgress(
  stream: ProgressStream,
  now: () => number = () => performance.now(),
): Progress {
  const t0 = now();
  let total = 0;
  let done = 0;
  let failures = 0;
  let drawn = -Infinity;
  const tty = stream.isTTY === true;
  const status = (): string => {
    const secs = ((now() - t0) / 1000).toFixed(1);
    const text = `${done}/${total} cases · ${failures} failed · ${secs} s`;
    const width =
      stream.columns !== undefined && stream.columns > 0 ? stream.columns : DEFAULT_COLUMNS;
    return text.length < width ? text : text.slice(0, Math.max(width - 1, 0));
  };
  return {
    start(n) {
      total = n;
      if (tty) stream.write(status());
    },
    onCase(r) {
      done++;
      if (failed(r)) failures++;
      if (tty) {
        if (now() - drawn >= REDRAW_MS || done === total) {
          drawn = now();
          stream.write(`${CLEAR}${status()}`);
        }
        return;
      }
      stream.write(progressMark(r));
      if (done % LINE === 0) stream.write(` ${done}/${total}\n`);
    },
    end() {
      if (tty) stream.write(CLEAR);
      else if (done % LINE !== 0) stream.write(` ${done}/${total}\n`);
    },
  };
}
