/**
 * Signing a changed request afresh, for the variants that change what the upstream is asked
 * (variant-proxy.ts's `WireRewrite.request`): a server that does not take a query parameter the
 * kit sends answers as if it had not been sent, and the proxy shows that by sending the request
 * without it. The upstream checks signatures, so the request is signed again with the secret its
 * client used (the variants stand in front of a reference serving the bundled world and target).
 */
import { fileURLToPath } from "node:url";
import { loadTarget } from "../../src/conformance/suite/target.js";
import { parseAuthorizationHeader, queryParams, signRequest } from "../../src/oauth/index.js";
import type { ForwardedRequest } from "./variant-proxy.js";

let secrets: Map<string, string> | undefined;

/** The consumer secrets of the bundled target (fixtures/target.json), by consumer key. */
function bundledSecrets(): Map<string, string> {
  if (secrets) return secrets;
  const file = fileURLToPath(new URL("../../fixtures/target.json", import.meta.url));
  const target = loadTarget(file);
  if (!target.ok) throw new Error(`bundled target: ${JSON.stringify(target.issues)}`);
  secrets = new Map(Object.values(target.value.apps).map((a) => [a.consumerKey, a.consumerSecret]));
  return secrets;
}

/** The OAuth protocol parameters a re-signed request keeps as its client sent them (unless fresh). */
const KEPT_PROTOCOL = ["oauth_nonce", "oauth_timestamp"];

/** How a request is changed before it is signed afresh. */
export interface Change {
  /** Query parameters left out (the request is not changed when it names none of them). */
  readonly drop?: readonly string[];
  /** A new nonce and the present time in place of the client's. */
  readonly fresh?: boolean;
}

/**
 * `request` (a GET or HEAD) changed as `change` says and signed afresh with the same consumer
 * (and, unless `fresh`, the same nonce and time: the upstream never saw the request as sent, so
 * its nonce is new to it); undefined when the change changes nothing, or the request's
 * `Authorization` header does not carry a signature that verifies for it as sent, or its query
 * holds a malformed escape (such a request is forwarded as sent, and refused).
 */
export function signedAfresh(
  request: ForwardedRequest,
  change: Change,
): ForwardedRequest | undefined {
  const url = new URL(request.url, "http://variant.invalid");
  const { method } = request;
  const drop = change.drop ?? [];
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (!change.fresh && !drop.some((n) => url.searchParams.has(n))) return undefined;
  // a query that cannot be read as parameters cannot be signed (the server refuses it as sent)
  if (!queryParams(url).ok) return undefined;
  const header = request.headers.authorization;
  const host = request.headers.host;
  if (typeof header !== "string" || typeof host !== "string") return undefined;
  const params = parseAuthorizationHeader(header);
  if (!params.ok) return undefined;
  const value = (name: string) => params.value.find(([n]) => n === name)?.[1];
  const consumerKey = value("oauth_consumer_key") ?? "";
  const consumerSecret = bundledSecrets().get(consumerKey);
  const [nonce, timestamp] = KEPT_PROTOCOL.map(value);
  if (consumerSecret === undefined || nonce === undefined || timestamp === undefined)
    return undefined;
  const signedFor = (target: string, fresh: boolean) =>
    signRequest({
      method,
      url: `http://${host}${target}`,
      consumerKey,
      consumerSecret,
      ...(fresh ? {} : { nonce, timestamp: Number(timestamp) }),
    });
  // the header as the client would have signed it, parameter for parameter, signature included
  const asSent = signedFor(request.url, false).oauth;
  if (params.value.length !== asSent.length || asSent.some(([n, v]) => value(n) !== v))
    return undefined;
  for (const n of drop) url.searchParams.delete(n);
  const target = `${url.pathname}${url.search}`;
  const headers = signedFor(target, change.fresh === true).headers;
  return { ...request, url: target, headers: { ...request.headers, ...headers } };
}
