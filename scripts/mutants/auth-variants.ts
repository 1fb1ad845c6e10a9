/**
 * Authentication freedoms of a correct server at core: §5 says "The operations require valid
 * authentication information; when it is invalid, the response is 400" and leaves the mechanism
 * not shown. P-AUTH-3 decides at profile that a nonce is used once per consumer key and that a
 * timestamp more than 300 s off is refused; a server may check neither.
 */
import { signedAfresh } from "./resign.js";
import type { WireRewrite } from "./variant-proxy.js";

/**
 * No record of nonces and no clock window: every correctly signed GET or HEAD reaches the
 * upstream signed afresh with a new nonce and the present time, so a replayed nonce or a stale
 * or future timestamp is served (a request signed wrongly is forwarded as sent, and refused).
 */
export const noNonceCheck: WireRewrite = {
  request: (request) => signedAfresh(request, { fresh: true }),
};
