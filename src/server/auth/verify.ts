/**
 * Two-legged OAuth 1.0a verification (P-AUTH-1..6). Every fault is a 400 (social-api.md §5,
 * P-AUTH-3) whose message never repeats a parameter value. Each alternative signing form of
 * P-AUTH-6 is one more base string or key tried against the same secret: none accepts a request
 * that no secret signed.
 */
import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import {
  bodyHash,
  bodyHashHex,
  type OAuthParam,
  rawSigningKey,
  signatureBaseString,
  signaturesEqual,
  signingKey,
} from "../../oauth/index.js";
import { type Fault, fault, isFault } from "../fault.js";
import type { Caller, ServerRequest } from "../types.js";
import { findPerson } from "../world/resolve.js";
import type { World, WorldApp } from "../world/types.js";
import { bodyParamLists } from "./body-params.js";
import { type NonceStore, TIMESTAMP_WINDOW_S } from "./nonce-store.js";
import { collectParams, headerParams } from "./params.js";

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

/** P-AUTH-3: the timestamp is decimal seconds within the window of the server clock. */
function checkTimestamp(value: string, nowMs: number): number | Fault {
  if (!/^[0-9]{1,12}$/.test(value)) return bad("malformed oauth_timestamp");
  const ts = Number(value);
  if (Math.abs(nowMs / 1000 - ts) > TIMESTAMP_WINDOW_S) return bad("timestamp outside the window");
  return ts;
}

/** P-AUTH-2/6: `oauth_body_hash`, when present, matches the body in base64 or hex. */
function checkBodyHash(given: string | undefined, body: Uint8Array): Fault | undefined {
  if (given === undefined) return undefined;
  if (given === bodyHash(body) || given.toLowerCase() === bodyHashHex(body)) return undefined;
  return bad("oauth_body_hash does not match the body");
}

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

const keyCache = new WeakMap<WorldApp, readonly KeyObject[]>();

/**
 * P-AUTH-1/6: the signing keys of `app` (from the percent-encoded secret, and from the raw one
 * when it differs), prepared once as key objects: the same keys as `signingKey`/`rawSigningKey`.
 */
function keysOf(app: WorldApp): readonly KeyObject[] {
  let keys = keyCache.get(app);
  if (!keys) {
    const encoded = signingKey(app.consumerSecret);
    const raw = rawSigningKey(app.consumerSecret);
    keys = (raw === encoded ? [encoded] : [encoded, raw]).map((k) =>
      createSecretKey(Buffer.from(k, "utf8")),
    );
    keyCache.set(app, keys);
  }
  return keys;
}

/** P-AUTH-1/6: true when some candidate list, signed with the secret (encoded or raw), gives `signature`. */
function signatureMatches(
  method: string,
  uri: string,
  lists: readonly (readonly OAuthParam[])[],
  bodyLists: readonly (readonly OAuthParam[])[],
  app: WorldApp,
  signature: string,
): boolean {
  const keys = keysOf(app);
  for (const list of lists)
    for (const body of bodyLists) {
      const base = signatureBaseString(method, uri, body.length === 0 ? list : [...list, ...body]);
      for (const key of keys)
        if (signaturesEqual(createHmac("sha1", key).update(base).digest("base64"), signature))
          return true;
    }
  return false;
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
  const header = headerParams(req.headers.authorization);
  if (isFault(header)) return header;
  const collected = collectParams(header, target.query);
  if (isFault(collected)) return collected;
  const p = collected.protocol;
  const key = p.get("oauth_consumer_key");
  const signature = p.get("oauth_signature");
  const nonce = p.get("oauth_nonce");
  const stamp = p.get("oauth_timestamp");
  if (key === undefined || signature === undefined || nonce === undefined || stamp === undefined)
    return bad("missing OAuth parameters");
  if (p.get("oauth_signature_method") !== "HMAC-SHA1")
    return bad("signature method must be HMAC-SHA1");
  const version = p.get("oauth_version");
  if (version !== undefined && version !== "1.0") return bad("oauth_version must be 1.0");
  const token = p.get("oauth_token");
  if (token !== undefined && token !== "") return bad("two-legged requests carry no token");
  if (nonce === "" || nonce.length > 256) return bad("malformed oauth_nonce");
  const ts = checkTimestamp(stamp, ctx.nowMs);
  if (isFault(ts)) return ts;
  const app = ctx.world.appsByKey.get(key);
  if (!app) return bad("unknown consumer key");
  const hash = p.get("oauth_body_hash");
  const hashFault = checkBodyHash(hash, req.body);
  if (hashFault) return hashFault;
  const uri = requestUri(req.headers.host, target.pathname, ctx.publicOrigin);
  if (isFault(uri)) return uri;
  const bodyLists = bodyParamLists(req.headers["content-type"], req.body, hash !== undefined);
  if (!signatureMatches(req.method, uri, collected.lists, bodyLists, app, signature))
    return bad("invalid signature");
  // P-AUTH-3: the nonce is recorded once the signature verifies, whatever comes next.
  const claimed = ctx.nonces.claim(key, nonce, ts, ctx.nowMs);
  const requestor = p.get("xoauth_requestor_id");
  const viewer = requestor === undefined ? undefined : findPerson(ctx.world, requestor);
  const caller = viewer ? { app, viewer } : bad("missing or unknown xoauth_requestor_id");
  const settle = (fresh: boolean): Caller | Fault => (fresh ? caller : bad("nonce already used"));
  return typeof claimed === "boolean" ? settle(claimed) : claimed.then(settle);
}
