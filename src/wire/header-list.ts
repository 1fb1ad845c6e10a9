/** Comma-separated header values (RFC 9110 §5.6.1), such as `Allow`. */

/**
 * The items of a list header, each trimmed and in upper case, for comparing tokens whose case
 * does not matter (methods in `Allow`). An empty item stays (as `""`); no header is one empty item.
 */
export function listTokens(value: string | undefined): string[] {
  return (value ?? "").split(",").map((t) => t.trim().toUpperCase());
}
