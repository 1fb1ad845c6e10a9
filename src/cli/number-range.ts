/**
 * The bounds of a number option (command-definition.ts `range`), in one place: whether a value
 * is within them (command-line.ts refuses it otherwise) and how they read, in a usage error and
 * in help ("a whole number from 1 to 256").
 */
import { LARGEST_ANSWER_BYTES } from "../conformance/transport/client-limits.js";
import type { NumberRange } from "./command-definition.js";

/**
 * A timeout in milliseconds: at least 1, at most the longest delay a timer holds (2^31 - 1 ms,
 * about 24.8 days; a longer one fires at once, so every request would time out).
 */
export const TIMEOUT_MS: NumberRange = { whole: true, min: 1, max: 2_147_483_647 };

/**
 * An answer cap in bytes (`--max-answer-bytes`): at least 1 KiB (an error body fits), at most
 * {@link LARGEST_ANSWER_BYTES}.
 */
export const ANSWER_BYTES: NumberRange = { whole: true, min: 1024, max: LARGEST_ANSWER_BYTES };

/** Whether `n` is a number within `range` (any number without one). */
export function inRange(n: number, range: NumberRange = {}): boolean {
  return (
    !Number.isNaN(n) &&
    (range.whole !== true || Number.isInteger(n)) &&
    (range.min === undefined || n >= range.min) &&
    (range.max === undefined || n <= range.max)
  );
}

/** How bounds are written: the kind of number, and each of the three shapes of bounds. */
interface RangeWords {
  readonly whole: string;
  readonly any: string;
  between(min: number, max: number): string;
  atLeast(min: number): string;
  atMost(max: number): string;
}

/** `range` in `words`: the kind of number, then its bounds if it has any. */
function written(range: NumberRange, words: RangeWords): string {
  const kind = range.whole ? words.whole : words.any;
  const { min, max } = range;
  if (min !== undefined && max !== undefined) return `${kind} ${words.between(min, max)}`;
  if (min !== undefined) return `${kind} ${words.atLeast(min)}`;
  if (max !== undefined) return `${kind} ${words.atMost(max)}`;
  return kind;
}

/** The values `range` accepts, in words: "a whole number from 1 to 256". */
export function rangeText(range: NumberRange = {}): string {
  return written(range, {
    whole: "a whole number",
    any: "a number",
    between: (min, max) => `from ${min} to ${max}`,
    atLeast: (min) => `of at least ${min}`,
    atMost: (max) => `up to ${max}`,
  });
}

/** The same, short, as help shows it beside the option: "integer 1-256", "number <= 86400". */
export function rangeTrait(range: NumberRange): string {
  return written(range, {
    whole: "integer",
    any: "number",
    between: (min, max) => `${min}-${max}`,
    atLeast: (min) => `>= ${min}`,
    atMost: (max) => `<= ${max}`,
  });
}
