/**
 * Exit codes of the CLI: the gate semantics of `opensocial-kit run`, which every other
 * command shares (0 done, 1 the work failed: a check, an invalid payload, a server that cannot
 * start; 2 the command line or an input file is wrong). Commands and the process entry
 * (bin/opensocial-kit.js) exit only through this table.
 */
export const EXIT = {
  /** Every selected case passed, or failed as the expectations file says; any command: done. */
  OK: 0,
  /**
   * A conformance failure, an unexpected pass, or a stale expectation entry; `validate`: the
   * payload is invalid; `serve`: the world, the store or the port cannot be used; `run`: a
   * report file could not be written at the end (a full disk), though every case passed.
   */
  FAILED: 1,
  /** Usage, target-file, expectations-file or suite errors. */
  USAGE: 2,
  /** The smoke request did not get 200: unreachable, credentials refused, redirected, or else. */
  UNREACHABLE: 3,
  /** Nothing selected: a run that tested nothing (or a diff that compared nothing) is never green. */
  EMPTY: 4,
  /**
   * Nothing failed, but a case was not judged: an answer was larger than `--max-answer-bytes`
   * (run/over-cap.ts). Not green: a case that was not judged did not pass.
   */
  INCOMPLETE: 5,
  /** Interrupted by SIGINT (Ctrl-C) and stopped early, as a shell reports it (128 + 2). */
  INTERRUPTED: 130,
  /** Interrupted by SIGTERM (a CI job's timeout) and stopped early (128 + 15). */
  TERMINATED: 143,
  /** The process entry: the output's reader went away (a closed pipe), as a shell reports it (128 + 13). */
  OUTPUT_CLOSED: 141,
  /** The process entry: a bug (a throw no command caught), sysexits' EX_SOFTWARE. */
  INTERNAL: 70,
} as const;
