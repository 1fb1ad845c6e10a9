/**
 * P-ERR-6: what the profile leaves to each service, and so never compares: a request whose path
 * lies outside `/os/0.8/` (an index, a health check, another version) or holds a percent-escaped
 * character (`%40me`, `example.org%3Aalice`: servers differ, and none is wrong). Whether an empty
 * 200 is compressed never shows: the client undoes the encoding and headers are not compared.
 */

const API_PREFIX = "/os/0.8/";

/** True when a request to `url` (absolute, or path and query) is on ground P-ERR-6 leaves open. */
export function onOpenGround(url: string): boolean {
  const path = new URL(url, "http://diff.invalid").pathname;
  const raw = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/)[0] ?? "";
  return !path.startsWith(API_PREFIX) || raw.includes("%");
}
