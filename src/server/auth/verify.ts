/**
 * Two-legged OAuth 1.0a verification of the reference server (P-AUTH-1..7): the library's
 * `verifySignature` (src/oauth/verify-signature.ts: every stateless check, P-AUTH-6's readings
 * included), then what needs the server's state, the nonce store and the world. Every fault is a
 * 400 (social-api.md §5, P-AUTH-3) whose message never repeats a parameter value.
 */
import type { OAuthParam } from "../../oauth/index.js";
import { verifySignature } from "../../oauth/verify-signature.js";
import { type Fault, fault, isFault } from "../fault.js";
import type { Caller, ServerRequest } from "../types.js";
import { findPerson } from "../world/resolve.js";
import type { World } from "../world/types.js";
import type { NonceStore } from "./nonce-store.js";

/** What verification needs besides the request. */
interface VerifyContext {
  world: World;
  nonces: NonceStore;
  nowMs: number;
  /** P-AUTH-7: the configured public origin (`publicOrigin()`), if any. */
  publicOrigin?: string | undefined;
}

/** The request's path as signed, and its query parameters. */
interface SignedTarget {
  pathname: string;
  query: readonly OAuthParam[];
}

const bad = (message: string): Fault =>
  fault(400, "auth-failed", `authentication failed: ${message}`);

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * The base string URI (RFC 5849 §3.4.1.2, P-AUTH-7): the configured public origin and the path
 * as sent; without one, `http://`, the `Host` the client addressed (lower case, port 80 dropped)
 * and the path.
 */
export function requestUri(
  host: string | undefined,
  pathname: string,
  publicOrigin?: string,
): string | Fault {
  if (publicOrigin !== undefined) return publicOrigin + pathname;
  if (!host || !HOST.test(host)) return bad("missing or malformed Host");
  const h = host.toLowerCase();
  return `http://${h.endsWith(":80") ? h.slice(0, -3) : h}${pathname}`;
}

/**
 * Verifies `req` and returns the caller (app and viewer), or a 400 fault; a promise when the
 * nonce store is a database shared by several instances.
 */
export function verifyRequest(
  req: ServerRequest,
  target: SignedTarget,
  ctx: VerifyContext,
): Caller | Fault | Promise<Caller | Fault> {
  const uri = requestUri(req.headers.host, target.pathname, ctx.publicOrigin);
  if (isFault(uri)) return uri;
  const verified = verifySignature(
    {
      method: req.method,
      uri,
      query: target.query,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: req.body,
    },
    { consumer: (key) => ctx.world.appsByKey.get(key), nowMs: ctx.nowMs },
  );
  if (!verified.ok) return bad(verified.issues[0]?.message ?? "invalid request");
  const { consumer: app, consumerKey, nonce, timestamp, requestorId } = verified.value;
  // P-AUTH-3: the nonce is recorded once the signature verifies, whatever comes next.
  const claimed = ctx.nonces.claim(consumerKey, nonce, timestamp, ctx.nowMs);
  const viewer = requestorId === undefined ? undefined : findPerson(ctx.world, requestorId);
  const caller = viewer ? { app, viewer } : bad("missing or unknown xoauth_requestor_id");
  const settle = (fresh: boolean): Caller | Fault => (fresh ? caller : bad("nonce already used"));
  return typeof claimed === "boolean" ? settle(claimed) : claimed.then(settle);
}
