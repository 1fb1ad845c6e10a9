/**
 * The body parameters a signature may cover (RFC 5849 §3.4.1.3.1, P-AUTH-2, P-AUTH-6): those of
 * a form-encoded body; none for a JSON body; as the OpenSocial PHP client signs, a JSON text
 * as one parameter name with an empty value; and none for a form-labelled body read as JSON
 * whose `oauth_body_hash` matched (the osapi PHP client with its body hash on).
 */
import { FORM_MEDIA_TYPE, mediaTypeOf } from "../wire/media-type.js";
import { decodeUtf8 } from "../wire/utf8.js";
import type { OAuthParam } from "./base-string.js";
import { formParams } from "./sign-request.js";

/**
 * Bounds on the work done for a body before its signature is proven (review finding: a 1 MiB
 * form of 349k parameters, or a 1 MiB JSON-as-parameter body, cost 0.15–0.7 s of CPU with only
 * the public consumer key). A form with more parameters, or a JSON text longer than this read as
 * one parameter, is simply not a candidate: its signature fails (400, as P-AUTH-3 answers).
 */
export const MAX_SIGNED_FORM_PARAMS = 1_000;
export const MAX_JSON_AS_PARAM_BYTES = 256 * 1024;

/** Number of `&`-separated segments in `text`, counting no further than `limit + 1`. */
function segmentsUpTo(text: string, limit: number): number {
  let n = 1;
  for (let i = text.indexOf("&"); i >= 0 && n <= limit; i = text.indexOf("&", i + 1)) n++;
  return n;
}

/** P-DATA-2: a form-labelled body whose text is a JSON object is read as JSON. */
export function readsAsJson(text: string): boolean {
  return text.trimStart().startsWith("{");
}

/**
 * Candidate body parameter lists, most likely first. `hashed`: the request carries an
 * `oauth_body_hash` that matches the body (checked before), which binds the body when no
 * parameter does: P-AUTH-6 lets such a body, read as JSON, be signed without body parameters
 * even when labelled form-encoded. A body read as a form is always signed as one (P-AUTH-2).
 */
export function bodyParamLists(
  contentType: string | undefined,
  body: Uint8Array,
  hashed = false,
): OAuthParam[][] {
  if (body.length === 0) return [[]];
  const form = mediaTypeOf(contentType) === FORM_MEDIA_TYPE;
  // a body that is neither a form nor short enough to be one JSON parameter is not read at all
  const text = form || body.length <= MAX_JSON_AS_PARAM_BYTES ? decodeUtf8(body) : undefined;
  const out: OAuthParam[][] = [];
  const json = text !== undefined && readsAsJson(text);
  if (!form || (hashed && json)) out.push([]);
  if (
    form &&
    text !== undefined &&
    segmentsUpTo(text, MAX_SIGNED_FORM_PARAMS) <= MAX_SIGNED_FORM_PARAMS
  ) {
    // not decodable as a form: only the JSON-as-parameter reading below remains
    const read = formParams(text);
    if (read.ok) out.push(read.value);
  }
  if (json && body.length <= MAX_JSON_AS_PARAM_BYTES) out.push([[text, ""]]);
  return out;
}
