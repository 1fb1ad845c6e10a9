/**
 * The request parameters of an application-data DELETE. §4.5 calls `fields` a request
 * parameter (where §4.2 and §4.6 say query parameters), and a form-encoded body's parameters
 * are request parameters that the signature covers (RFC 5849 §3.4.1.3.1, P-AUTH-2): so the
 * query's parameters come first, then a form body's, and the first `fields` among them counts
 * (as the query's first value does elsewhere). Any other body cannot carry the parameter and is
 * refused (400) rather than ignored: without `fields` a DELETE removes every key (§4.5), so a
 * list sent where it is not read would empty the record. The profile decides none of this.
 */

import { MAX_SIGNED_FORM_PARAMS, readsAsJson } from "../../oauth/body-params.js";
import { decodeForm } from "../../wire/form.js";
import { FORM_MEDIA_TYPE, mediaTypeOf } from "../../wire/media-type.js";
import { decodeUtf8 } from "../../wire/utf8.js";
import { type Fault, fault } from "../fault.js";
import type { Query } from "../types.js";

const NOT_A_FORM =
  "a DELETE names its keys in the fields parameter, in the query or a form-encoded body; this body is not read";

/** The query of a DELETE with a form body's parameters added after its own, or a 400 fault. */
export function deleteParams(
  query: Query,
  contentType: string | undefined,
  body: Uint8Array,
): Query | Fault {
  if (body.length === 0) return query;
  if (mediaTypeOf(contentType) !== FORM_MEDIA_TYPE) return fault(400, "invalid-body", NOT_A_FORM);
  const text = decodeUtf8(body);
  if (text === undefined) return fault(400, "invalid-body", "body is not valid UTF-8");
  // P-DATA-2 reads a form-labelled JSON object as JSON: it has no parameters to read here
  if (readsAsJson(text)) return fault(400, "invalid-body", NOT_A_FORM);
  // a form of more parameters than this was never signed (oauth/body-params.ts): not reached
  const read = decodeForm(text, MAX_SIGNED_FORM_PARAMS);
  if (!read.ok) return fault(400, "invalid-body", "malformed form body");
  const out = new Map(query);
  for (const [name, value] of read.value) if (!out.has(name)) out.set(name, value);
  return out;
}
