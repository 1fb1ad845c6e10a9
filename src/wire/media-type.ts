/**
 * Media types as `Content-Type` carries them (RFC 9110 §8.3.1): the one reading of a label for
 * the server (what a client sent) and the runner (what a server sent). Lenient by design: the
 * type is what stands before the first `;`, trimmed and in lower case, whatever it holds.
 */

/** The JSON representation (P-FMT-1) and JSON write bodies (P-DATA-2). */
export const JSON_MEDIA_TYPE = "application/json";
/** The Atom representation (P-FMT-1). */
export const ATOM_MEDIA_TYPE = "application/atom+xml";
/** The type of an Atom entry's `content` holding a data element (§4.3, P-FMT-2, P-FMT-7). */
export const XML_MEDIA_TYPE = "application/xml";
/** Form-encoded bodies (P-DATA-2; signed as parameters, RFC 5849 §3.4.1.3.1). */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
/** The index page's HTML. */
export const HTML_MEDIA_TYPE = "text/html";

/** A parsed `type/subtype; name=value`. */
interface MediaType {
  /** The media type, trimmed and in lower case (`""` for an empty label). */
  readonly type: string;
  /** Parameters by lower-case name, values trimmed and unquoted (their case kept). */
  readonly params: Readonly<Record<string, string>>;
}

/** The media type of a `Content-Type` value without its parameters, in lower case (`""` when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  const value = contentType ?? "";
  const end = value.indexOf(";");
  return (end < 0 ? value : value.slice(0, end)).trim().toLowerCase();
}

/**
 * A `Content-Type` value with its parameters. A parameter without `=`, or whose first character
 * is `=`, is skipped; surrounding double quotes are taken off a value; a later parameter of the
 * same name wins.
 */
export function parseMediaType(contentType: string): MediaType {
  const params: Record<string, string> = {};
  for (const p of contentType.split(";").slice(1)) {
    const eq = p.indexOf("=");
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, "");
  }
  return { type: mediaTypeOf(contentType), params };
}

/**
 * Whether two `Content-Type` values name the same media type with the same parameters (RFC 9110
 * §8.3.1): type, subtype and parameter names in any case, white space around `;`, a value quoted
 * or not; a `charset` value in any case (§8.3.2), other values as written.
 */
export function sameMediaType(a: string, b: string): boolean {
  const x = parseMediaType(a);
  const y = parseMediaType(b);
  const value = (name: string, v: string | undefined) =>
    name === "charset" ? v?.toLowerCase() : v;
  const names = Object.keys(x.params);
  return (
    x.type === y.type &&
    names.length === Object.keys(y.params).length &&
    names.every((n) => value(n, x.params[n]) === value(n, y.params[n]))
  );
}

/** True for `application/json` and the structured-syntax `+json` types (RFC 6839). */
export function isJsonFamily(type: string): boolean {
  return type === JSON_MEDIA_TYPE || type.endsWith("+json");
}
