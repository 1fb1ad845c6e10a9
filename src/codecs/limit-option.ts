/**
 * A reader's limit as its caller gives it (`maxBytes`, `maxDepth`, `maxLength`): absent, the
 * default; a number 0 or more (Infinity included: a limit lifted on purpose); anything else
 * (NaN from `Number(process.env.X)`, a negative number, a string) is a programming mistake,
 * thrown as a KitError, since every comparison with NaN is false and would lift the bound
 * without a word.
 */
import { KitError } from "../model/kit-error.js";

/** `value`, or `fallback` when it is undefined; throws `OSK_INVALID_LIMIT` for anything else. */
export function limitOption(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0)
    throw new KitError(
      "OSK_INVALID_LIMIT",
      `${name} is ${typeof value === "number" ? String(value) : typeof value}`,
    );
  return value;
}
