/**
 * `Accept`-style header values (RFC 9110 §12.5.1 `Accept`, §12.5.3 `Accept-Encoding`): a
 * comma-separated list of ranges (or codings), each with `;`-separated parameters, one of which
 * may be the weight `q`. One parser; two readings of `q`, each named for what it tolerates:
 * {@link looseQuality} (whatever `Number` reads after the first `q=`) and {@link strictQuality}
 * (only a well-formed qvalue counts). The queries below say which they use.
 */

/** One entry of the list, as written (trimmed and in lower case). */
interface AcceptEntry {
  /** The media range (`type/subtype`, `type/*`, `*\/*`) or, in `Accept-Encoding`, the coding. */
  readonly range: string;
  /** The parameters, each trimmed and in lower case (`q=0.5`, `level=1`). */
  readonly params: readonly string[];
}

/** The entries of `header` in order, the first `limit` of them when given (an empty item stays, as an empty range). */
export function parseAccept(header: string, limit?: number): AcceptEntry[] {
  return header.split(",", limit).map((item) => {
    const [range = "", ...params] = item.split(";").map((s) => s.trim().toLowerCase());
    return { range, params };
  });
}

/**
 * The weight of `entry` as a lenient reader takes it: the text after its first `q=` parameter
 * read by `Number` (so `NaN` for no number, `Infinity` for `1e999`), 1 without one.
 */
export function looseQuality(entry: AcceptEntry): number {
  const q = entry.params.find((p) => p.startsWith("q="));
  return q === undefined ? 1 : Number(q.slice(2));
}

/**
 * The weight of `entry` by the qvalue grammar (RFC 9110 §12.4.2, read as `0` or `1` with up to
 * three decimals): the last parameter that is exactly such a `q`; others are ignored; 1 without one.
 */
export function strictQuality(entry: AcceptEntry): number {
  let q = 1;
  for (const p of entry.params) {
    const m = /^q=([01](?:\.\d{0,3})?)$/.exec(p);
    if (m) q = Number(m[1]);
  }
  return q;
}

/** True when an entry of `accept` names exactly `type` (a wildcard range names no type), whatever its q. */
export function acceptNames(accept: string, type: string): boolean {
  return parseAccept(accept).some((e) => e.range === type);
}

/**
 * The q of the first entry of `accept` naming exactly `type` ({@link looseQuality}; a weight that
 * is no finite number counts as 0), or undefined when no entry names it.
 */
export function exactQuality(accept: string, type: string): number | undefined {
  const entry = parseAccept(accept).find((e) => e.range === type);
  if (entry === undefined) return undefined;
  const n = looseQuality(entry);
  return Number.isFinite(n) ? n : 0;
}

/** How many entries {@link rangeQuality} reads: a bound on the work for a header of any length. */
export const RANGE_QUALITY_ENTRIES = 64;

/**
 * The q `accept` gives `type` by content negotiation (RFC 9110 §12.5.1): the most specific range
 * that matches it (exact, then `major/*`, then `*\/*`), the highest {@link strictQuality} among
 * equally specific ones; 0 when none matches. Only the first {@link RANGE_QUALITY_ENTRIES}
 * entries are read.
 */
export function rangeQuality(accept: string, type: string): number {
  const [major] = type.split("/");
  let best = -1;
  let bestSpecificity = -1;
  for (const entry of parseAccept(accept, RANGE_QUALITY_ENTRIES)) {
    const { range } = entry;
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (specificity < 0 || specificity < bestSpecificity) continue;
    const q = strictQuality(entry);
    if (specificity > bestSpecificity || q > best) best = q;
    bestSpecificity = specificity;
  }
  return Math.max(best, 0);
}
