/**
 * The content-type check. `json` and `atom` name the representations: a core case accepts any
 * JSON media type for `json` and requires `application/atom+xml` for `atom` (§4.3); a profile
 * case also requires `charset=utf-8` (P-FMT-1). Any other value is compared as a media type.
 */
import {
  ATOM_MEDIA_TYPE,
  isJsonFamily,
  JSON_MEDIA_TYPE,
  parseMediaType,
} from "../../wire/media-type.js";
import type { ExpectSpec } from "../case-types.js";
import type { CheckResult } from "./check-result.js";
import { type CheckContext, result } from "./context.js";
import { served } from "./format-selection.js";

function wanted(name: string): string {
  if (name === "json") return JSON_MEDIA_TYPE;
  if (name === "atom") return ATOM_MEDIA_TYPE;
  return name.toLowerCase();
}

/** Checks `expect.contentType`. */
export function checkContentType(expect: ExpectSpec, ctx: CheckContext): CheckResult[] {
  if (expect.contentType === undefined) return [];
  const header = ctx.response.headers["content-type"];
  const want = wanted(expect.contentType);
  if (header === undefined) {
    return [
      result(ctx, {
        check: "content-type",
        ok: false,
        location: "Content-Type",
        expected: want,
        actual: undefined,
        finding: { code: "content-type-missing", expected: want },
      }),
    ];
  }
  const mt = parseMediaType(header);
  const exact = mt.type === parseMediaType(want).type;
  /** What a core case accepts: any JSON media type for `json`, the exact type otherwise. */
  const coreOk =
    expect.contentType === "json" ? isJsonFamily(mt.type) || mt.type === "text/json" : exact;
  let ok = ctx.level === "core" ? coreOk : exact;
  const checkCharset =
    ctx.level === "profile" && (expect.contentType === "json" || expect.contentType === "atom");
  if (ok && checkCharset) ok = (mt.params.charset ?? "").toLowerCase() === "utf-8";
  const expected = checkCharset ? `${want}; charset=utf-8` : want;
  // A representation core accepts but the profile's exact label does not (another JSON type, a
  // missing or other charset), or the wanted representation under another label (an Atom feed
  // sent as application/json), breaks P-FMT-1's label rule, not the rule the case is about.
  const label = checkCharset && !ok && (coreOk || served(ctx) === expect.contentType);
  return [
    result(ctx, {
      check: "content-type",
      ok,
      ...(label ? { statement: expect.contentType === "json" ? "P-FMT-1.5" : "P-FMT-1.7" } : {}),
      location: "Content-Type",
      expected,
      actual: header,
      finding: ok
        ? { code: "content-type-ok", header }
        : { code: "content-type-wrong", header, expected },
    }),
  ];
}
