/** Media types as Content-Type headers carry them (RFC 9110 §8.3.1), for the checks. */

/** Parsed `type/subtype; param=value`. */
interface MediaType {
  readonly type: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Parses a Content-Type header value (type lower-cased, parameter names lower-cased). */
export function parseMediaType(value: string): MediaType {
  const [type = "", ...rest] = value.split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, "");
  }
  return { type: type.trim().toLowerCase(), params };
}
