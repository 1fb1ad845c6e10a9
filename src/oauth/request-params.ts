/**
 * Collects the OAuth protocol parameters of a request from the `Authorization` header and the
 * query (P-AUTH-2), and the parameter lists a signature may have been made over (P-AUTH-6).
 */
import { fail, issue, ok, type Result } from "../model/issue.js";
import { parseAuthorizationHeader } from "./authorization-header.js";
import type { OAuthParam } from "./base-string.js";

/** The protocol parameters, one value each, and the candidate parameter lists. */
interface CollectedParams {
  /** `oauth_*` and `xoauth_requestor_id`, one value per name. */
  protocol: ReadonlyMap<string, string>;
  /**
   * Parameter lists (without `oauth_signature` and body parameters) a client may have signed:
   * first with a parameter repeated identically in header and query counted once (P-AUTH-6),
   * then, when that differs, every occurrence (RFC 5849 §3.4.1.3.1).
   */
  lists: readonly (readonly OAuthParam[])[];
}

/** True for a name OAuth treats as a protocol parameter here. */
function isProtocolParam(name: string): boolean {
  return name.startsWith("oauth_") || name === "xoauth_requestor_id";
}

/**
 * Reads the `Authorization` header: its OAuth parameters, `[]` for none or another scheme, or an
 * `authorization-malformed` issue.
 */
export function headerParams(authorization: string | undefined): Result<OAuthParam[]> {
  if (authorization === undefined || !/^\s*OAuth(\s|$)/i.test(authorization)) return ok([]);
  const read = parseAuthorizationHeader(authorization);
  return read.ok
    ? read
    : fail([issue("authorization-malformed", "", "malformed Authorization header")]);
}

/**
 * Merges header and query parameters; a protocol parameter with two different values is an
 * `oauth-malformed` issue (RFC 5849 §3.1).
 */
export function collectParams(
  header: readonly OAuthParam[],
  query: readonly OAuthParam[],
): Result<CollectedParams> {
  const protocol = new Map<string, string>();
  let repeated = false;
  const all = query.length === 0 ? header : [...query, ...header];
  for (const [n, v] of all) {
    if (!isProtocolParam(n)) continue;
    const seen = protocol.get(n);
    if (seen !== undefined) {
      if (seen !== v)
        return fail([issue("oauth-malformed", "", "an OAuth parameter has two different values")]);
      repeated = true;
    }
    protocol.set(n, v);
  }
  const raw = withoutSignature(all);
  // P-AUTH-6: a protocol parameter repeated with the same value is counted once; the list with
  // every occurrence (RFC 5849) stays a candidate.
  return ok({ protocol, lists: repeated ? [dedupeProtocol(raw), raw] : [raw] });
}

function withoutSignature(list: readonly OAuthParam[]): OAuthParam[] {
  return list.filter(([n]) => n !== "oauth_signature");
}

/** Drops repeated identical protocol parameters (the same name and value) after the first. */
function dedupeProtocol(list: readonly OAuthParam[]): OAuthParam[] {
  const seen = new Set<string>();
  return list.filter(([n, v]) => {
    if (!isProtocolParam(n)) return true;
    const id = `${n}\u0000${v}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
