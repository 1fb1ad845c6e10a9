/**
 * The `Authorization: OAuth …` header (RFC 5849 §3.5.1): formatting, and parsing that is
 * lenient about spacing and realm but never guesses at malformed input.
 */

import type { OAuthParam } from "./base-string.js";
import { percentEncode } from "./percent-encode.js";

/** Formats `OAuth realm="…", name="value", …`; `realm` is left out when undefined. */
export function formatAuthorizationHeader(params: readonly OAuthParam[], realm?: string): string {
  const parts = params.map(([n, v]) => `${percentEncode(n)}="${percentEncode(v)}"`);
  if (realm !== undefined) parts.unshift(`realm="${realm.replace(/["\\]/g, "")}"`);
  return `OAuth ${parts.join(", ")}`;
}

/**
 * Parses an `Authorization` header with the `OAuth` scheme. Returns the parameters (decoded,
 * `realm` excluded, RFC 5849 §3.5.1) or `undefined` when the header is not OAuth or malformed.
 */
export function parseAuthorizationHeader(header: string): OAuthParam[] | undefined {
  const m = /^\s*OAuth(?:\s+|$)([\s\S]*)$/i.exec(header);
  if (!m) return undefined;
  const rest = (m[1] ?? "").trim();
  if (rest === "") return [];
  const out: OAuthParam[] = [];
  const re = /\s*([^\s=,"]+)\s*=\s*"([^"]*)"\s*(?:,|$)/y;
  let pos = 0;
  while (pos < rest.length) {
    re.lastIndex = pos;
    const p = re.exec(rest);
    if (!p) return undefined;
    pos = re.lastIndex;
    const name = safeDecode(p[1] ?? "");
    const value = safeDecode(p[2] ?? "");
    if (name === undefined || value === undefined) return undefined;
    if (name !== "realm") out.push([name, value]);
  }
  return out;
}

function safeDecode(text: string): string | undefined {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
