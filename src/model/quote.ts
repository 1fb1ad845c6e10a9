/**
 * The bound on how much of an input a message quotes. A message that quotes what it was given (an
 * unknown kind, an invalid id, a path that cannot be read) shows at most {@link QUOTE_CHARS}
 * characters of it, and a value that is not a string only by its type: so an argument of any size
 * (a 10 MiB string, the bytes of a document passed where a kind goes) never makes a message of
 * that size, nor the time it takes to build one.
 */

/** The most characters of an input a message quotes. */
export const QUOTE_CHARS = 200;

/** `text` as a message shows it: whole when short, else its first characters and its length. */
export function excerpt(text: string): string {
  return text.length <= QUOTE_CHARS
    ? text
    : `${text.slice(0, QUOTE_CHARS)}… (${text.length} characters)`;
}

/**
 * An argument as a message quotes it: a string as JSON text (its first characters and its length
 * when long), anything else by what it is (`(12 bytes)`, `(an object)`, `(undefined)`).
 */
export function quoted(value: unknown): string {
  if (typeof value === "string")
    return value.length <= QUOTE_CHARS
      ? JSON.stringify(value)
      : `${JSON.stringify(value.slice(0, QUOTE_CHARS))}… (${value.length} characters)`;
  return `(${described(value)})`;
}

function described(value: unknown): string {
  if (value === null || value === undefined || typeof value === "boolean") return String(value);
  if (typeof value === "number") return `the number ${value}`;
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A character as a message names it when printing it would not do: `U+00E9`, `U+1F600`. */
export function codePointLabel(c: number): string {
  return `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
}
