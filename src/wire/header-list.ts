/** Comma-separated header values (RFC 9110 §5.6.1), such as `Allow`. */

/**
 * The items of a list header, each trimmed, their case kept: the methods `Allow` lists are
 * case-sensitive (RFC 9110 §9.1: `get` is not `GET`). An empty item stays (as `""`); no header
 * is one empty item.
 */
export function listTokens(value: string | undefined): string[] {
  return (value ?? "").split(",").map((t) => t.trim());
}
