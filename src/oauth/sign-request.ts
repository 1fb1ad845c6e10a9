/**
 * Signs a request with two-legged OAuth 1.0a (profile P-AUTH-1/2), as a client does. Used by
 * the conformance runner and by tests; the server verifies with the same primitives.
 *
 * The library's convention: a reader of what arrives (`queryParams`, `formParams`, and
 * `parseAuthorizationHeader`) returns a `Result`, never throwing; the signer takes what the
 * caller composed, and a URL or form body it cannot sign (a malformed percent escape) is a
 * programming mistake, a thrown `KitError` (`OSK_MALFORMED_ESCAPE`), as the codecs' writers do.
 */
import type { Result } from "../model/issue.js";
import { KitError } from "../model/kit-error.js";
import { decodeForm } from "../wire/form.js";
import { formatAuthorizationHeader } from "./authorization-header.js";
import { baseStringUri, type OAuthParam, signatureBaseString } from "./base-string.js";
import { randomHex } from "./random-hex.js";
import { bodyHash, hmacSha1, signingKey } from "./signature.js";

/** What to sign. */
export interface SignRequestInput {
  method: string;
  /** Absolute URL, with any query parameters already in it. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  /** The viewer, sent as `xoauth_requestor_id` (omitted when undefined). */
  requestorId?: string;
  /** A form-encoded body's parameters are signed (RFC 5849 §3.4.1.3.1). */
  formBody?: string;
  /** A non-form body: adds `oauth_body_hash` when `bodyHash` is true. */
  body?: Uint8Array | string;
  bodyHash?: boolean;
  /** Where the OAuth parameters travel (P-AUTH-2). Default `header`. */
  placement?: "header" | "query";
  realm?: string;
  nonce?: string;
  /** Seconds since the epoch; default now. */
  timestamp?: number;
}

/** The signed request: the URL to call (query placement adds parameters) and headers to add. */
export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
  /** The OAuth parameters, signature included. */
  oauth: OAuthParam[];
}

/**
 * The query of `url` as pairs, in order, empty segments skipped (P-AUTH-6); a malformed escape
 * (`%ZZ`) is a `form-malformed` issue, never a throw.
 */
export function queryParams(url: URL): Result<OAuthParam[]> {
  return formParams(url.search.slice(1));
}

/**
 * `a=b&c=d` (`+` as space) as pairs, in order, empty segments skipped (the form reading of
 * wire/form.ts); a malformed escape (`%ZZ`) is a `form-malformed` issue, never a throw (the
 * server answers it 400).
 */
export function formParams(text: string): Result<OAuthParam[]> {
  return decodeForm(text);
}

/**
 * Signs `input` and returns what to send. A malformed percent escape in the URL's query or in
 * `formBody` cannot be signed: it throws `KitError` `OSK_MALFORMED_ESCAPE` (the caller composed
 * it; check received text with `queryParams` or `formParams` first).
 */
export function signRequest(input: SignRequestInput): SignedRequest {
  const url = new URL(input.url);
  const query = queryParams(url);
  if (!query.ok) throw new KitError("OSK_MALFORMED_ESCAPE", "in the URL's query");
  const form = formParams(input.formBody ?? "");
  if (!form.ok) throw new KitError("OSK_MALFORMED_ESCAPE", "in formBody");
  const oauth: OAuthParam[] = [
    ["oauth_consumer_key", input.consumerKey],
    ["oauth_nonce", input.nonce ?? randomHex(12)],
    ["oauth_signature_method", "HMAC-SHA1"],
    ["oauth_timestamp", String(input.timestamp ?? Math.floor(Date.now() / 1000))],
    ["oauth_version", "1.0"],
  ];
  if (input.bodyHash && input.body !== undefined)
    oauth.push(["oauth_body_hash", bodyHash(input.body)]);
  const extra: OAuthParam[] = [];
  if (input.requestorId !== undefined) extra.push(["xoauth_requestor_id", input.requestorId]);
  const params = [...query.value, ...oauth, ...extra, ...form.value];
  const base = signatureBaseString(input.method, baseStringUri(url), params);
  const signature = hmacSha1(signingKey(input.consumerSecret), base);
  const signed: OAuthParam[] = [...oauth, ["oauth_signature", signature]];
  const headers: Record<string, string> = {};
  for (const [n, v] of extra) url.searchParams.append(n, v);
  if ((input.placement ?? "header") === "header") {
    headers.authorization = formatAuthorizationHeader(signed, input.realm);
  } else {
    for (const [n, v] of signed) url.searchParams.append(n, v);
  }
  return { url: url.toString(), headers, oauth: signed };
}
