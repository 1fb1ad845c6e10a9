/**
 * P-FMT-1's reading of `Accept` (RFC 9110 §12.5.1), for the two representations alone: each of
 * `application/json` and `application/atom+xml` takes the q of its own entry (default 1); Atom
 * is served when it has an entry with q above 0 and JSON has no entry or a lower q; every other
 * Accept serves JSON (a tie included). Wildcard ranges (any type, `application/*`) give neither
 * type an entry. The reference serves by it and the conformance checks read a request's cue by it.
 */

/** The media types P-FMT-1 ranks. */
const ATOM = "application/atom+xml";
const JSON_TYPE = "application/json";

/** The q of the first entry of `accept` naming exactly `type` (1 without a q), or undefined. */
export function qualityOf(accept: string, type: string): number | undefined {
  for (const range of accept.split(",")) {
    const [media, ...params] = range.split(";").map((s) => s.trim().toLowerCase());
    if (media !== type) continue;
    const q = params.find((p) => p.startsWith("q="));
    if (q === undefined) return 1;
    const n = Number(q.slice(2));
    return Number.isFinite(n) ? n : 0;
  }
  return undefined;
}

/** True when `accept` selects Atom (P-FMT-1); false without an Accept header. */
export function acceptSelectsAtom(accept: string | undefined): boolean {
  if (!accept) return false;
  const atom = qualityOf(accept, ATOM);
  if (atom === undefined || atom <= 0) return false;
  const json = qualityOf(accept, JSON_TYPE);
  return json === undefined || json < atom;
}
