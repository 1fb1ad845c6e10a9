/**
 * Collects the OAuth protocol parameters of a request from the `Authorization` header and the
 * query (P-AUTH-2), and the parameter lists a signature may have been made over (P-AUTH-6).
 */
import { type OAuthParam, parseAuthorizationHeader } from "../../oauth/index.js";
import { type Fault, fault } from "../fault.js";

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

/** Reads the `Authorization` header: OAuth parameters, `[]` for none or another scheme, or a fault. */
export function headerParams(authorization: string | undefined): OAuthParam[] | Fault {
  if (authorization === undefined || !/^\s*OAuth(\s|$)/i.test(authorization)) return [];
  const read = parseAuthorizationHeader(authorization);
  return read.ok ? read.value : fault(400, "auth-failed", "malformed Authorization header");
}

/** Merges header and query parameters; a protocol parameter with two different values is a fault. */
export function collectParams(
  header: readonly OAuthParam[],
  query: readonly OAuthParam[],
): CollectedParams | Fault {
  const protocol = new Map<string, string>();
  let repeated = false;
  const all = query.length === 0 ? header : [...query, ...header];
  for (const [n, v] of all) {
    if (!isProtocolParam(n)) continue;
    const seen = protocol.get(n);
    if (seen !== undefined) {
      if (seen !== v)
        return fault(
          400,
          "auth-failed",
          "authentication failed: an OAuth parameter has two different values",
        );
      repeated = true;
    }
    protocol.set(n, v);
  }
  const raw = withoutSignature(all);
  // P-AUTH-6: a protocol parameter repeated with the same value is counted once; the list with
  // every occurrence (RFC 5849) stays a candidate.
  return { protocol, lists: repeated ? [dedupeProtocol(raw), raw] : [raw] };
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
