/**
 * Atom bodies (§4.3, P-FMT-2, P-FMT-7) are decoded through the Atom codec into the JSON shape
 * of their kind, so that the same pointer checks apply; a codec issue becomes a failure located
 * by XPath (with line and column).
 */
import { fromAtom } from "../../codecs/atom/index.js";
import type { ExpectSpec } from "../case-types.js";
import type { DecodedBody } from "./context.js";

/** Decodes an Atom body of `kind`. */
export function decodeAtom(
  kind: NonNullable<ExpectSpec["atom"]>["kind"],
  text: string,
): DecodedBody {
  if (text === "")
    return { ok: false, finding: { code: "body-missing", expected: "an Atom feed" } };
  // A JSON answer to a request for Atom: say so, rather than quote the XML parser's complaint.
  if (/^\s*[{[]/.test(text))
    return {
      ok: false,
      finding: {
        code: "body-not-atom",
        kind,
        detail:
          "the body is JSON, not an Atom feed: the server did not select Atom for this request",
        issue: "json-body",
        more: 0,
      },
    };
  const r = fromAtom(kind, text);
  if (r.ok) return { ok: true, value: r.value };
  const first = r.issues[0];
  const where = first?.xml
    ? `${first.xml.xpath} (line ${first.xml.line}, column ${first.xml.column})`
    : first?.pointer;
  return {
    ok: false,
    finding: {
      code: "body-not-atom",
      kind,
      detail: first?.message,
      issue: first?.code,
      more: Math.max(0, r.issues.length - 1),
    },
    location: where,
  };
}
