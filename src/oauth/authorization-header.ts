/**
 * The `Authorization: OAuth …` header (RFC 5849 §3.5.1): formatting, and parsing that is
 * lenient about spacing and realm but never guesses at malformed input.
 */

import { fail, issue, ok, type Result } from "../model/issue.js";
import type { OAuthParam } from "./base-string.js";
import { percentEncode } from "./percent-encode.js";

/** Formats `OAuth realm="…", name="value", …`; `realm` is left out when undefined. */
export function formatAuthorizationHeader(params: readonly OAuthParam[], realm?: string): string {
  const parts = params.map(([n, v]) => `${percentEncode(n)}="${percentEncode(v)}"`);
  if (realm !== undefined) parts.unshift(`realm="${realm.replace(/["\\]/g, "")}"`);
  return `OAuth ${parts.join(", ")}`;
}

/** An `authorization-malformed` result: the header cannot be read as OAuth parameters. */
const malformed = (message: string): Result<never> =>
  fail([issue("authorization-malformed", "", message)]);

/**
 * Parses an `Authorization` header with the `OAuth` scheme: the parameters (decoded, `realm`
 * excluded, RFC 5849 §3.5.1), or an `authorization-malformed` issue when the header is not
 * OAuth or not well formed, never a throw.
 */
export function parseAuthorizationHeader(header: string): Result<OAuthParam[]> {
  const m = /^\s*OAuth(?:\s+|$)([\s\S]*)$/i.exec(header);
  if (!m) return malformed("not the OAuth scheme");
  const rest = (m[1] ?? "").trim();
  if (rest === "") return ok([]);
  const out: OAuthParam[] = [];
  const re = /\s*([^\s=,"]+)\s*=\s*"([^"]*)"\s*(?:,|$)/y;
  let pos = 0;
  while (pos < rest.length) {
    re.lastIndex = pos;
    const p = re.exec(rest);
    const at = out.length + 1;
    if (!p) return malformed(`parameter ${at} is not name="value"`);
    pos = re.lastIndex;
    const name = safeDecode(p[1] ?? "");
    const value = safeDecode(p[2] ?? "");
    if (name === undefined || value === undefined)
      return malformed(`parameter ${at} holds a malformed percent escape`);
    if (name !== "realm") out.push([name, value]);
  }
  return ok(out);
}

function safeDecode(text: string): string | undefined {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
