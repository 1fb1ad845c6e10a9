/** Exit codes of `opensocial-kit run` (issue 5, gate semantics). */
export const EXIT = {
  /** Every selected case passed, or failed as the expectations file says. */
  OK: 0,
  /** A conformance failure, an unexpected pass, or a stale expectation entry. */
  FAILED: 1,
  /** Usage, target-file, expectations-file or suite errors. */
  USAGE: 2,
  /** The smoke request did not get 200: unreachable, credentials refused, redirected, or else. */
  UNREACHABLE: 3,
  /** Nothing selected: a run that tested nothing is never green. */
  EMPTY: 4,
} as const;
