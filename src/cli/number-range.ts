/**
 * The bounds of a number option (command-definition.ts `range`), in one place: whether a value
 * is within them (command-line.ts refuses it otherwise) and how they read, in a usage error and
 * in help ("a whole number from 1 to 256").
 */
import type { NumberRange } from "./command-definition.js";

/**
 * A timeout in milliseconds: at least 1, at most the longest delay a timer holds (2^31 - 1 ms,
 * about 24.8 days; a longer one fires at once, so every request would time out).
 */
export const TIMEOUT_MS: NumberRange = { whole: true, min: 1, max: 2_147_483_647 };

/** Whether `n` is a number within `range` (any number without one). */
export function inRange(n: number, range: NumberRange = {}): boolean {
  return (
    !Number.isNaN(n) &&
    (range.whole !== true || Number.isInteger(n)) &&
    (range.min === undefined || n >= range.min) &&
    (range.max === undefined || n <= range.max)
  );
}

/** The values `range` accepts, in words: "a whole number from 1 to 256". */
export function rangeText(range: NumberRange = {}): string {
  const kind = range.whole ? "a whole number" : "a number";
  if (range.min !== undefined && range.max !== undefined)
    return `${kind} from ${range.min} to ${range.max}`;
  if (range.min !== undefined) return `${kind} of at least ${range.min}`;
  if (range.max !== undefined) return `${kind} up to ${range.max}`;
  return kind;
}

/** The same, short, as help shows it beside the option: "integer 1-256", "number <= 86400". */
export function rangeTrait(range: NumberRange): string {
  const kind = range.whole ? "integer" : "number";
  if (range.min !== undefined && range.max !== undefined)
    return `${kind} ${range.min}-${range.max}`;
  if (range.min !== undefined) return `${kind} >= ${range.min}`;
  if (range.max !== undefined) return `${kind} <= ${range.max}`;
  return kind;
}
