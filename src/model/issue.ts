/**
 * Errors as data. Every validator, parser and checker in the kit reports problems as
 * `Issue` records with a stable `code`; callers switch on the code, people read the message.
 */

/** Stable issue codes. Adding a code is fine; renaming one is a breaking change. */
export const ISSUE_CODES = [
  // shape (JSON Schema)
  "invalid-type",
  "string-rendered",
  "missing-member",
  "pattern-mismatch",
  "too-long",
  "too-short",
  "too-many",
  "too-few",
  "invalid-value",
  "not-json",
  "too-deep",
  "too-large",
  "unknown-kind",
  // stores (opensocial-kit/server openStore)
  "store-unavailable",
  // the runner's input files (target, statements, expectations, cases)
  "target-invalid",
  "statements-invalid",
  "expectations-invalid",
  "case-invalid",
  "case-undecided",
  // the target's world file as the runner reads it (world facts, the fuzzer's model)
  "world-invalid",
  // a request the runner cannot make (opensocial-kit request: a path that makes no URL)
  "request-invalid",
  // captured payloads (validate/convert)
  "binary-input",
  "invalid-utf8",
  // HTTP wire: form-encoded text (a query, a form body), an OAuth Authorization header
  "form-malformed",
  "authorization-malformed",
  // OAuth verification (opensocial-kit/oauth verifySignature, P-AUTH-1..3/6)
  "oauth-malformed",
  "oauth-timestamp",
  "oauth-unknown-consumer",
  "oauth-body-hash",
  "oauth-signature",
  // XML / Atom
  "xml-malformed",
  "xml-doctype",
  "xml-too-deep",
  "xml-too-large",
  "xml-invalid-char",
  "atom-namespace",
  "atom-missing",
  "atom-bad-id",
  "atom-bad-value",
] as const;

/** One of {@link ISSUE_CODES}. */
export type IssueCode = (typeof ISSUE_CODES)[number];

/** Where in an XML document an issue lies. */
export interface XmlLocation {
  /** XPath-like path of the element, e.g. `/feed/entry[2]/content/appdata`. */
  readonly xpath: string;
  /** 1-based line of the character {@link column} names. */
  readonly line: number;
  /**
   * 1-based column, in characters (a surrogate pair is one), of the last character the reader
   * read: for malformed XML the one that made it so (the `>` of an end tag that does not match,
   * a character XML cannot carry); for an issue in a well-formed feed the `>` that ends the
   * start tag of the element `xpath` names; 0 when no character was read (an empty document).
   */
  readonly column: number;
}

/** A problem found in a value or document. */
export interface Issue {
  readonly code: IssueCode;
  /** RFC 6901 JSON Pointer to the offending value (`""` for the whole document). */
  readonly pointer: string;
  readonly message: string;
  /** Present for issues found in XML. */
  readonly xml?: XmlLocation;
  /** The file the issue was found in, for issues about input files (target, suite, expectations). */
  readonly file?: string;
}

/** The result of parsing or decoding: a value, or the issues that prevented one. */
export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly Issue[] };

/** Builds a successful {@link Result}. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Builds a failed {@link Result}. */
export function fail<T = never>(issues: readonly Issue[]): Result<T> {
  return { ok: false, issues };
}

/** Builds one {@link Issue}. */
export function issue(code: IssueCode, pointer: string, message: string): Issue {
  return { code, pointer, message };
}

/** The issues of a {@link Result} (none when it holds a value). */
export function issuesOf(result: Result<unknown>): readonly Issue[] {
  return result.ok ? [] : result.issues;
}
