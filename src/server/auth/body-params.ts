/**
 * The body parameters a signature may cover (RFC 5849 §3.4.1.3.1, P-AUTH-2, P-AUTH-6): those of
 * a form-encoded body; none for a JSON body; and, as the OpenSocial PHP client signs, a JSON text
 * as one parameter name with an empty value.
 */
import { formParams, type OAuthParam } from "../../oauth/index.js";
import { decodeUtf8 } from "../http/utf8.js";

/** The media type of a `Content-Type` value, lower case, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Candidate body parameter lists, most likely first. */
export function bodyParamLists(contentType: string | undefined, body: Uint8Array): OAuthParam[][] {
  if (body.length === 0) return [[]];
  const text = decodeUtf8(body);
  const out: OAuthParam[][] = [];
  const form = mediaType(contentType) === "application/x-www-form-urlencoded";
  if (!form) out.push([]);
  else if (text !== undefined) {
    try {
      out.push(formParams(text));
    } catch {
      // not decodable as a form: only the JSON-as-parameter reading below remains
    }
  }
  if (text?.trimStart().startsWith("{")) out.push([[text, ""]]);
  return out;
}
