/**
 * P-FMT-1's reading of `Accept` (RFC 9110 §12.5.1), for the two representations alone: each of
 * `application/json` and `application/atom+xml` takes the q of its own entry (default 1); Atom
 * is served when it has an entry with q above 0 and JSON has no entry or a lower q; every other
 * Accept serves JSON (a tie included). Wildcard ranges (any type, `application/*`) give neither
 * type an entry. The reference serves by it and the conformance checks read a request's cue by it.
 */
import { exactQuality } from "./accept.js";
import { ATOM_MEDIA_TYPE, JSON_MEDIA_TYPE } from "./media-type.js";

/** True when `accept` selects Atom (P-FMT-1); false without an Accept header. */
export function acceptSelectsAtom(accept: string | undefined): boolean {
  if (!accept) return false;
  const atom = exactQuality(accept, ATOM_MEDIA_TYPE);
  if (atom === undefined || atom <= 0) return false;
  const json = exactQuality(accept, JSON_MEDIA_TYPE);
  return json === undefined || json < atom;
}
