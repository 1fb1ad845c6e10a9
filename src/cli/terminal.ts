/**
 * Whether a stream is a terminal that takes colour: a TTY, `TERM` other than `dumb`, and no
 * `NO_COLOR` (https://no-color.org: present and not empty turns colour off).
 */
import type { TextSink } from "./text-sink.js";

/** True when `stream` is a colour terminal under `env`. */
export function colourTerminal(
  stream: Pick<TextSink, "isTTY">,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stream.isTTY === true && env.TERM !== "dumb";
}
