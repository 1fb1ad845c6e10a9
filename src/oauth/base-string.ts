/**
 * RFC 5849 §3.4.1: the signature base string, from the method, the base string URI and the
 * request parameters (query, OAuth protocol parameters other than `oauth_signature`, and
 * form-encoded body parameters).
 */
import { percentEncode } from "./percent-encode.js";

/** A request parameter as a name/value pair (names may repeat). */
export type OAuthParam = readonly [name: string, value: string];

/** RFC 5849 §3.4.1.2: scheme and host in lower case, default port dropped, no query. */
export function baseStringUri(url: URL): string {
  const scheme = url.protocol.toLowerCase();
  const host = url.hostname.toLowerCase();
  const defaultPort =
    (scheme === "http:" && url.port === "80") || (scheme === "https:" && url.port === "443");
  const port = url.port && !defaultPort ? `:${url.port}` : "";
  return `${scheme}//${host}${port}${url.pathname}`;
}

/** RFC 5849 §3.4.1.3.2: encode, sort by name then value, join with `=` and `&`. */
export function normaliseParameters(params: readonly OAuthParam[]): string {
  return params
    .map(([n, v]) => [percentEncode(n), percentEncode(v)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join("&");
}

/** RFC 5849 §3.4.1.1: `METHOD&uri&params`, each part percent-encoded. */
export function signatureBaseString(
  method: string,
  uri: string,
  params: readonly OAuthParam[],
): string {
  return [
    method.toUpperCase(),
    percentEncode(uri),
    percentEncode(normaliseParameters(params)),
  ].join("&");
}
