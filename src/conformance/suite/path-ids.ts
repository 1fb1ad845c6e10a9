/**
 * Ids the suite puts in request paths as written (`/people/{viewer}/@self`, an album's id after
 * `/mediaitems/…/@self/`, a user's bare value, P-AUTH-4): P-ERR-6 leaves percent-escaped segments
 * untested, so an id a path cannot carry unescaped, or one URL normalisation would remove, cannot
 * be sent, and every case naming it would fail for the file's reason, not the server's.
 */
import { parsePlatformId } from "../../model/ids.js";
import { codePointLabel } from "../../model/quote.js";

/** A character outside RFC 3986's `pchar` (unreserved, sub-delims, ":" and "@"). */
const NOT_PCHAR = /[^A-Za-z0-9\-._~!$&'()*+,;=:@]/u;

/** RFC 3986 §3.3's dot-segments, which §5.2.4 removes from a path. */
const DOT_SEGMENTS: readonly string[] = [".", ".."];

/**
 * Why `id` (and its bare value, when it is `<namespace>:<value>`) cannot go in a path as
 * written, as a message's predicate; undefined when it can.
 */
export function pathIdProblem(id: string): string | undefined {
  const c = NOT_PCHAR.exec(id)?.[0];
  if (c !== undefined) {
    const shown = /^[\x21-\x7e]$/.test(c)
      ? JSON.stringify(c)
      : codePointLabel(c.codePointAt(0) ?? 0);
    return `holds ${shown}, which a URL path cannot carry as written (RFC 3986 §3.3), and the suite sends ids unescaped (P-ERR-6)`;
  }
  const value = parsePlatformId(id)?.value;
  for (const v of [id, value])
    if (v !== undefined && DOT_SEGMENTS.includes(v))
      return `${v === id ? "is" : "has the bare value"} ${JSON.stringify(v)}, a dot-segment that URL normalisation removes from a path (RFC 3986 §5.2.4), and the suite sends ids and bare values in paths (P-AUTH-4)`;
  return undefined;
}
