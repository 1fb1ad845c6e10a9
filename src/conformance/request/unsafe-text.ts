/**
 * The characters a report never writes as a server sent them, and their escapes. C0 controls
 * (tab aside), DEL and C1 controls would move a terminal's cursor, colour or rewrite a CI log
 * line (ECMA-48); the line and paragraph separators and NEL break a line where YAML 1.1 readers
 * see one (YAML 1.2 §5.4); the bidirectional formatting characters reorder what is read
 * (Unicode UAX #9); the byte order mark, U+FFFE, U+FFFF and lone surrogates are no printable
 * text (YAML 1.2 §5.1, c-printable). Each is written as `\uXXXX`, an escape JSON strings and
 * YAML double-quoted scalars (YAML 1.2 §5.7) both read back as the character.
 */

const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** True when `text` holds an unsafe character (one {@link escapeUnsafe} would escape). */
export function hasUnsafe(text: string): boolean {
  return text.search(UNSAFE) !== -1;
}

/** `text` with every unsafe character written as its `\uXXXX` escape. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
