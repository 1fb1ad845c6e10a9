/**
 * P-AUTH-7: the public origin of a deployment behind a TLS-terminating proxy (for example
 * `https://sandbox.example`). Signatures are then checked against it instead of `http://` and the
 * `Host` header.
 */
import { OperationalError } from "../model/operational-error.js";
import { quoted } from "../model/quote.js";
import { apiUrlProblem } from "../wire/http-url.js";

/**
 * The origin of `url` as a signature base string URI starts (RFC 5849 §3.4.1.2: scheme and host
 * in lower case, the scheme's default port left out), or an `OperationalError` (`OSK_INVALID_PUBLIC_URL`)
 * for anything but an `http:` or `https:` origin (a path other than `/`, a query, a fragment or
 * credentials are refused: the proxy must forward the path as the client sent it).
 */
export function publicOrigin(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new OperationalError("OSK_INVALID_PUBLIC_URL", quoted(url));
  }
  if (apiUrlProblem(url) !== undefined || u.pathname !== "/")
    throw new OperationalError("OSK_INVALID_PUBLIC_URL", quoted(url));
  return u.origin;
}
