/**
 * The conformance case format (conformance/case.schema.json) as TypeScript types. Cases are
 * data: one behaviour per case, written against roles, never against literal ids.
 */

/** `core`: social-api.md says it; `profile`: a profile.md decision (readers' vs writers' rules). */
export type Level = "core" | "profile";

/** The roles a target names in its `users` (see fixtures/target.json). */
export const ROLES = ["viewer", "friend", "friendWithoutApp", "stranger"] as const;
/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** Closed list of case features; `--feature` selects by them. */
export const FEATURES = ["world", "atom", "deployed-client", "writes", "http10"] as const;
/** One of {@link FEATURES}. */
export type Feature = (typeof FEATURES)[number];

/** Which credentials a request carries and how they are wrong, if at all. */
export type AuthMode =
  | "valid"
  | "none"
  | "wrong-secret"
  | "bad-signature"
  | "stale-timestamp"
  | "replayed-nonce"
  | "unknown-consumer";

/** How a request is signed (P-AUTH-1, P-AUTH-2, P-AUTH-6). */
export interface AuthSpec {
  mode: AuthMode;
  /** Where OAuth parameters travel: header (default), query, or both (identical, P-AUTH-6). */
  placement?: "header" | "query" | "header+query";
  /** `realm` in the header (`""` allowed). */
  realm?: string;
  /** Signing key from the percent-encoded (default) or the raw secret (P-AUTH-6). */
  key?: "encoded" | "raw";
  /**
   * How the body enters the signature: `auto` (form bodies as parameters, others not), `hash`
   * (base64 `oauth_body_hash`), `hash-hex`, `param` (the body text as one parameter name with an
   * empty value, the OpenSocial PHP client), `hash-wrong` (a hash of other bytes), `unsigned`
   * (a form body left out of the signature).
   */
  body?: "auto" | "hash" | "hash-hex" | "hash-wrong" | "param" | "unsigned";
  /**
   * OAuth protocol parameters changed before signing (P-AUTH-3): a string replaces (or adds) the
   * parameter, `null` leaves it out; the request is then signed as usual, so only the rule under
   * test is broken. `oauth_signature` is applied after signing.
   */
  protocol?: Record<string, string | null>;
  /** Where `xoauth_requestor_id` travels (default query). */
  requestorIn?: "query" | "header";
  /** Query text added after signing, so the signature does not cover it (tampering). */
  unsignedQuery?: string;
}

/** A request body, by how it is produced. `contentType` overrides the natural label. */
export type BodySpec = (
  | { json: unknown }
  | { form: Record<string, string> | [string, string][] }
  | { text: string }
  | { base64: string }
  | {
      pairs: number;
      keyPrefix?: string;
      encoding?: "json" | "form";
      valueLength?: number;
      /** The character repeated `valueLength` times (one code point; default `x`). */
      valueChar?: string;
    }
  | { bytes: number }
) & { contentType?: string | null };

/** A request a step sends. Strings may hold placeholders (README-writing-cases.md). */
export interface RequestSpec {
  method: string;
  path: string;
  query?: Record<string, string> | [string, string][];
  /** Appended to the query verbatim, after `&` unless it starts with one (`"&"` alone makes a trailing `&`). */
  rawQuery?: string;
  headers?: Record<string, string>;
  body?: BodySpec;
  /** Whose id goes in `xoauth_requestor_id`: a role, `none` (left out) or `unknown`. */
  as?: Role | "none" | "unknown";
  /** The requestor id in full (`ns:value`, default) or bare (`value`, P-AUTH-4). */
  requestorForm?: "full" | "bare";
  /** Which application signs: `main` (default), `other`, or an `unknown` consumer. */
  app?: "main" | "other";
  auth?: AuthMode | AuthSpec;
  /** HTTP version; 1.0 is sent over a raw socket (P-AUTH-6). */
  http?: "1.1" | "1.0";
}

/** One JSON-pointer check on the parsed (or Atom-decoded) body. */
export interface PointerCheck {
  /** RFC 6901 pointer; `*` maps over elements, `@one` unwraps a one-element array. */
  pointer: string;
  equals?: unknown;
  oneOf?: unknown[];
  absent?: true;
  present?: true;
  type?: string | string[];
  count?: number | string | { min?: number; max?: number };
  /** Every value at the pointer is one of the given list (or captured array). */
  in?: unknown;
  /** The values at the pointer (or the array there) include each of the given values. */
  contains?: unknown;
  /** The object at the pointer has these members with these values (others may exist). */
  has?: unknown;
  /** The object at the pointer has none of these members. */
  lacks?: unknown;
  /** The array at the pointer is sorted by code point order (P-PAGE-3). */
  sorted?: true;
  /** The object's own keys, in this order. */
  keys?: string[] | string;
  matches?: string;
  /** Statement this check proves (default: the case's first). */
  statement?: string;
  /** Compare strictly even in a core case. */
  strict?: boolean;
  /**
   * `*` or `[member=value]` may meet an empty array/object (the check then passes over no
   * element). Off by default so that an empty answer proves nothing; use only where an empty
   * list is a correct answer that the case cannot rule out.
   */
  allowEmpty?: true;
}

/** Checks on a header. */
export interface HeaderCheck {
  equals?: string;
  absent?: true;
  present?: true;
  /** Comma-separated list that must contain each given token (e.g. Allow). */
  includes?: string[];
  matches?: string;
  statement?: string;
}

/** What a step expects of its response. */
export interface ExpectSpec {
  status?: number | number[];
  /** `json`, `atom`, or a media type; profile cases also compare the charset. */
  contentType?: string;
  headers?: Record<string, HeaderCheck>;
  bodyEmpty?: true;
  /** Profile error body: `{"error":{"code":<status>,"message":…}}` (P-ERR-1). */
  errorBody?: true;
  schema?: { kind: string; mode?: "lenient" | "strict" };
  /** Decode the body as an Atom feed of this kind; pointer checks then apply to the result. */
  /**
   * Decode the body as Atom of this kind; at profile level the writers' rules apply too
   * (checks/atom-writer.ts), with `owner` the album owner every photo entry's author names.
   */
  atom?: { kind: "appdata" | "people" | "person" | "albums" | "photos"; owner?: string };
  json?: PointerCheck[];
  /** The body text must not contain any of these strings (placeholders allowed). */
  bodyExcludes?: string[];
  /** Statement for the status/content-type/body checks (default: the case's first). */
  statement?: string;
}

/** One request and what it must answer. */
export interface StepSpec {
  name?: string;
  request: RequestSpec;
  expect: ExpectSpec;
  /** name → pointer (or `header:<name>`); captured values are used as `{$name}`. */
  capture?: Record<string, string>;
  /** Run the step only when this capture holds a non-empty value. */
  onlyIf?: string;
  /** Run even after an earlier step failed (clean-up, e.g. restoring data). */
  always?: boolean;
  /**
   * Send the step this many times (2–200), `{$repeat}` being 0, 1, … in each; it stops at the
   * first repetition that fails (filling a record of 10,000 keys 99 pairs at a time, P-DATA-7).
   */
  repeat?: number;
}

/** A conformance case. */
export interface CaseSpec {
  id: string;
  description: string;
  statements: string[];
  level: Level;
  features?: Feature[];
  /** Runs alone (e.g. it deletes all of the viewer's data). */
  exclusive?: boolean;
  steps: StepSpec[];
}

/** A statement of conformance/statements.json. */
export interface Statement {
  id: string;
  section: string;
  statement: string;
  level: Level;
  /**
   * The rules the statement holds, one behaviour each (issue 10): ids `<statement id>.<n>`,
   * each quoting its sentence(s); `untestable` says why no case can test one from outside.
   */
  clauses: Clause[];
}

/** One rule of a statement: what a case cites and what coverage counts. */
export interface Clause {
  id: string;
  text: string;
  untestable?: string;
}
