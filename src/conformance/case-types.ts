/**
 * GENERATED from conformance/case.schema.json by scripts/generate-case-types.ts: do not edit.
 * Change the schema, then run `npm run generate:case-types`.
 */

/** One behaviour per case. See conformance/README-writing-cases.md. */
export interface CaseFile {
  $schema?: string;
  /** The case's path under cases/ without `.json`; stable once landed. */
  id: string;
  description: string;
  /**
   * The clauses (or statements) the case proves; a failure is reported against the first
   * unless a check names its own.
   */
  statements: string[];
  level: Level;
  /**
   * The sentences of social-api.md (conformance/spec/social-api.md) that decide what the
   * case expects, each quoted verbatim (whitespace may differ). Required for level core (the
   * loader refuses a core case without it: `case-undecided`): a core case tests only what
   * social-api.md says.
   */
  decidedBy?: string[];
  /** What a target must offer for the case to run; `--feature` selects by them. */
  features?: Feature[];
  /**
   * Runs apart from the cases that touch the state it changes (e.g. it deletes all of the
   * viewer's data): README-runners.md, step 4.
   */
  exclusive?: boolean;
  steps: CaseStep[];
}

/** Every {@link Level}, in the schema's order. */
export const LEVELS = ["core", "profile"] as const;
/**
 * `core`: social-api.md says it; `profile`: a profile.md decision (readers' vs writers'
 * rules).
 */
export type Level = (typeof LEVELS)[number];

/** Every {@link Feature}, in the schema's order. */
export const FEATURES = ["world", "atom", "deployed-client", "writes", "http10"] as const;
/** Closed list of case features; `--feature` selects by them. */
export type Feature = (typeof FEATURES)[number];

/** Every {@link Role}, in the schema's order. */
export const ROLES = ["viewer", "friend", "friendWithoutApp", "stranger", "secondFriend"] as const;
/**
 * The roles a target names in its `users` (see fixtures/target.json); `secondFriend` is a
 * second friend of the viewer with the main app (two users' data in one answer).
 */
export type Role = (typeof ROLES)[number];

/** Every {@link AuthMode}, in the schema's order. */
export const AUTH_MODES = [
  "valid",
  "none",
  "wrong-secret",
  "bad-signature",
  "stale-timestamp",
  "future-timestamp",
  "replayed-nonce",
  "replayed-nonce-new-timestamp",
  "unknown-consumer",
] as const;
/** Which credentials a request carries and how they are wrong, if at all. */
export type AuthMode = (typeof AUTH_MODES)[number];

/** How a request is signed (P-AUTH-1, P-AUTH-2, P-AUTH-6). */
export interface AuthSpec {
  /** The credentials and how they are wrong, if at all. */
  mode: AuthMode;
  /**
   * Where OAuth parameters travel: header (default), query, or both (identical, P-AUTH-6).
   */
  placement?: "header" | "query" | "header+query";
  /** `realm` in the header (`""` allowed). */
  realm?: string;
  /**
   * Seconds added to `oauth_timestamp` (P-AUTH-3.6's window is 300 s either way of the
   * server clock). The run's clock follows the target's (the smoke request's `Date` header,
   * RFC 9110 §6.6.1), so a skew is measured from the server clock, not the runner's.
   */
  skew?: number;
  /** Signing key from the percent-encoded (default) or the raw secret (P-AUTH-6). */
  key?: "encoded" | "raw";
  /**
   * How the body enters the signature: `auto` (form bodies as parameters, others not),
   * `hash` (base64 `oauth_body_hash`), `hash-hex`, `param` (the body text as one parameter
   * name with an empty value, the OpenSocial PHP client), `hash-wrong` (a hash of other
   * bytes), `form-hash-wrong` (as `auto`, plus an `oauth_body_hash` of other bytes: a form
   * body rightly signed whose hash does not match it), `unsigned` (a form body left out of
   * the signature).
   */
  body?: "auto" | "hash" | "hash-hex" | "hash-wrong" | "form-hash-wrong" | "param" | "unsigned";
  /** Where `xoauth_requestor_id` travels (default query). */
  requestorIn?: "query" | "header";
  /** Query text added after signing, so the signature does not cover it (tampering). */
  unsignedQuery?: string;
  /**
   * OAuth protocol parameters changed before signing (P-AUTH-3): a string replaces (or adds)
   * the parameter, `null` leaves it out; the request is then signed as usual, so only the
   * rule under test is broken. `oauth_signature` is applied after signing.
   */
  protocol?: Record<string, string | null>;
}

/** Name/value pairs: an object, or a list of pairs where order or repetition matters. */
export type Pairs = Record<string, string> | [string, string][];

/**
 * A step as a case file writes it: in full, or `use` of a library step. A step with `use`
 * is a library step, any other a full step.
 */
export type CaseStep = UseStep | StepSpec;

/** One request and what it must answer. */
export interface StepSpec {
  /** Shown in reports. */
  name?: string;
  request: RequestSpec;
  expect: ExpectSpec;
  /**
   * name → pointer, `header:<name>` or `body:length` (the body's length in bytes, any
   * Content-Encoding undone); captured values are used as `{$name}`.
   */
  capture?: Record<string, string>;
  /**
   * Run the step only when a capture, or a member of it named as in a placeholder
   * (`world.albums.friend.hidden`), holds a non-empty value; or when the value captured
   * passes a pointer check (`{"capture": name, "check": {pointer, …}}`, the pointer read
   * inside the captured value, compared as the case's level compares). Otherwise the step is
   * skipped and the case goes on.
   */
  onlyIf?: string | CaptureCondition;
  /** Run even after an earlier step failed (clean-up, e.g. restoring data). */
  always?: boolean;
  /**
   * Send the step this many times (2–200), `{$repeat}` being 0, 1, … in each; it stops at
   * the first repetition that fails (filling a record of 10,000 keys 99 pairs at a time,
   * P-DATA-7).
   */
  repeat?: number;
  /**
   * With `repeat`: send up to this many repetitions at once (2–16, and no more than the
   * run's concurrency), for repetitions that do not depend on each other (merges of distinct
   * keys, P-DATA-4). No repetition starts after one has failed; the failure reported is the
   * first failed repetition. Such a step captures nothing.
   */
  concurrency?: number;
}

/**
 * A condition on a value an earlier step captured: `check` (a pointer check, its pointer
 * read inside the captured value) passes on it. A capture never taken fails the condition.
 */
export interface CaptureCondition {
  capture: string;
  check: PointerCheck;
}

/** A step of the library (conformance/steps/<use>.json), expanded when the suite loads. */
export interface UseStep {
  /** The library step's name. */
  use: string;
  /** Values of the library step's parameters, each replacing `{with.<name>}` in it. */
  with?: Record<string, string>;
  /**
   * The step's `onlyIf` in this case (it replaces the library step's own): the library step
   * runs only when the condition holds, as the case's other steps on the same world member
   * do.
   */
  onlyIf?: string | CaptureCondition;
}

/**
 * A file of conformance/steps/: one step written once, used by name from cases
 * (step.schema.json).
 */
export interface LibraryStep {
  $schema?: string;
  /** The file's name without `.json`. */
  name: string;
  description: string;
  /**
   * Parameter name → what it means; `{with.<name>}` in the step is replaced by the case's
   * value or the default.
   */
  parameters?: Record<string, StepParameter>;
  step: StepSpec;
}

/** A parameter of a library step. */
export interface StepParameter {
  description: string;
  /** Used when a case gives no value; without one the parameter is required. */
  default?: string;
}

/** A request a step sends. Strings may hold placeholders (README-writing-cases.md). */
export interface RequestSpec {
  method: string;
  path: string;
  query?: Pairs;
  /**
   * Appended to the query verbatim, after `&` unless it starts with one (`"&"` alone makes a
   * trailing `&`).
   */
  rawQuery?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
  body?: BodySpec;
  /**
   * Whose id goes in `xoauth_requestor_id`: a role (default `viewer`), `none` (left out) or
   * `unknown`.
   */
  as?: Role | "none" | "unknown";
  /** The requestor id in full (`ns:value`, default) or bare (`value`, P-AUTH-4). */
  requestorForm?: "full" | "bare";
  /** Which application signs: `main` (default) or `other`. */
  app?: "main" | "other";
  /** How the request is signed; none given: a valid signature. */
  auth?: AuthSpec;
  /** HTTP version; 1.0 is sent over a raw socket (P-AUTH-6). */
  http?: "1.1" | "1.0";
  /**
   * Send the head and only the first `after` bytes of the body, then wait for the answer
   * with the rest held back (P-ERR-4.2: a 413 does not wait for the whole body); once it is
   * in, send the rest and wait for the server's close (P-ERR-4.3: a reset, the body closed
   * unread, fails the step under that clause). The head declares the whole body by its
   * Content-Length, or by chunked transfer coding when `chunked` is true (HTTP/1.1).
   */
  holdBody?: {
    after: number;
    chunked?: boolean;
  };
  /**
   * Write the whole request, body included, before reading anything of the answer, over a
   * socket of its own, then wait for the server's close (P-ERR-4.3: a client that does so
   * still gets the 413, and the body is discarded, not left unread: a reset fails the step
   * under that clause).
   */
  writeBodyFirst?: true;
}

/**
 * A request body, by how it is produced: exactly one of `json`, `record`, `form`, `text`,
 * `base64`, `pairs`, `bytes`.
 */
export type BodySpec = {
  keyPrefix?: string;
  encoding?: "json" | "form";
  /** Every generated value is this many `valueChar`s (default: `v0`, `v1`, …). */
  valueLength?: number;
  /** The character repeated `valueLength` times (one code point; default `x`). */
  valueChar?: string;
  /** Overrides the natural label (`null`: no Content-Type). */
  contentType?: string | null;
} & (
  | {
      /** A JSON body (member order kept as written). */
      json: unknown;
    }
  | {
      /**
       * A captured application-data record written back as writes may carry it: the step is sent
       * once per consecutive run of the record's members, in their order, of at most 99 pairs
       * (P-DATA-3) and 1 MiB of JSON (P-ERR-4), one after the other, as long as each passes (a
       * record holds up to 10,000 keys and 4 MiB, P-DATA-7). Not with `repeat`.
       */
      record: string;
    }
  | {
      form: Pairs;
    }
  | {
      text: string;
    }
  | {
      base64: string;
    }
  | {
      /** n generated pairs `<keyPrefix>0` … (default prefix `k{unique}-`). */
      pairs: number;
    }
  | {
      /** A JSON body of this many bytes. */
      bytes: number;
    }
);

/**
 * A number to compare with: an integer, or a placeholder giving a number, a numeric string
 * or a list (its length): `{#/entry}` (the size at a pointer of the current body),
 * `{$total}` (a capture).
 */
export type NumberBound = number | string;

/** One JSON-pointer check on the parsed (or Atom-decoded) body. */
export interface PointerCheck {
  /**
   * RFC 6901 pointer; `*` maps over elements, `@one` unwraps a one-element array,
   * `[member=value]` selects elements, `[member!=value]` the elements whose member is absent
   * or differs.
   */
  pointer: string;
  equals?: unknown;
  oneOf?: unknown[];
  absent?: true;
  present?: true;
  type?: JsonType | JsonType[];
  count?:
    | number
    | string
    | {
        min?: number;
        max?: number;
      };
  /**
   * Every value at the pointer is a number at least this one (`totalResults` at least the
   * entries returned: `{#/entry}`).
   */
  atLeast?: NumberBound;
  /**
   * Every value at the pointer is a number greater than this one (a page that is not full:
   * `itemsPerPage` above `{#/entry}`).
   */
  above?: NumberBound;
  /** Every value at the pointer is one of the given list (or captured array). */
  in?: unknown;
  /** The values at the pointer (or the array there) include each of the given values. */
  contains?: unknown;
  /**
   * The object at the pointer has these members with these values (others may exist, at any
   * depth: an object inside carries its members, a list as many items each carrying its
   * own).
   */
  has?: unknown;
  /** The object at the pointer has none of these members. */
  lacks?: unknown;
  /**
   * The value at the pointer (the values, with `*`) carries the given value (usually the
   * JSON form, captured) member by member, whatever members are present: a member the
   * documents name is present in both or in neither, with equal values; a member they do not
   * name (an extension) on one side only is no difference; inside an address every member
   * counts.
   */
  sameMembers?: unknown;
  /** The array at the pointer is sorted by code point order (P-PAGE-3). */
  sorted?: true;
  /** The object's own keys, in this order (Atom application data only). */
  keys?: string[] | string;
  /**
   * The Atom data element's children follow these members' order: a captured JSON object
   * (`{$person}`) or a list of names; only names both hold count (P-FMT-7).
   */
  memberOrder?: string[] | string;
  matches?: string;
  /**
   * Statement this check proves (default: the step's expect.statement, else the case's
   * first).
   */
  statement?: string;
  /** Compare strictly even in a core case. */
  strict?: boolean;
  /**
   * The value may be absent (its parent must be there); when present, the check's other
   * rules apply. For a user's record that a profile decision leaves out when it is empty
   * (P-DATA-5) while social-api.md lets it appear: `{"pointer": "/entry/{viewer}",
   * "orAbsent": true, "lacks": ["k"]}`.
   */
  orAbsent?: true;
  /**
   * `*` or `[member=value]` may meet an empty array/object (the check then passes over no
   * element). Off by default so that an empty answer proves nothing; use only where an empty
   * list is a correct answer that the case cannot rule out.
   */
  allowEmpty?: true;
}

/** Every {@link JsonType}, in the schema's order. */
export const JSON_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
] as const;
/** A JSON type name as `type` checks it. */
export type JsonType = (typeof JSON_TYPES)[number];

/** Checks on a header. */
export interface HeaderCheck {
  equals?: string;
  absent?: true;
  present?: true;
  /**
   * Comma-separated list that must contain each given token as written (e.g. Allow: methods
   * are case-sensitive, RFC 9110 §9.1).
   */
  includes?: string[];
  matches?: string;
  /**
   * The header may be absent; when it is sent, the check's other rules apply (a HEAD's
   * Content-Length, RFC 9110 §8.6). With `equals`, `includes` or `matches`; `absent` and
   * `present` say the opposite.
   */
  orAbsent?: true;
  statement?: string;
}

/** What a step expects of its response. */
export interface ExpectSpec {
  status?: number | number[];
  /**
   * The checks other than `status` and `noServerError`, and the captures, apply only to an
   * answer with one of these statuses, in this representation (judged by the body, as
   * P-FMT-1's selection is) and whose body passes every pointer check of `json`; any other
   * answer passes them as not applicable (a permission only the profile grants: if the
   * answer is 200, then …; a list that shows it is whole: if `totalResults` equals
   * `{#/entry}`, then …).
   */
  when?: {
    status?: number | number[];
    representation?: "json" | "atom";
    /**
     * Pointer checks on the body (as `expect.json` reads it: JSON, or the Atom form decoded
     * under `atom`), compared as the case's level compares; every one must pass for the step's
     * other checks to apply.
     */
    json?: PointerCheck[];
  };
  /**
   * The status is not 5xx (§7's 500 is the service's internal error, P-ERR-3): fails on a
   * 5xx only, citing `statement` (or the step's). Beside `status`, it lets the exact status
   * cite its own clause, so that a 200 where 400 is expected is not reported as a 500.
   */
  noServerError?:
    | true
    | {
        statement: string;
      };
  /** `json`, `atom`, or a media type; profile cases also compare the charset. */
  contentType?: string;
  headers?: Record<string, HeaderCheck>;
  bodyEmpty?: true;
  /** Profile error body: `{"error":{"code":<status>,"message":…}}` (P-ERR-1). */
  errorBody?: true;
  /**
   * Validate the body against the kit's schema of this kind (`mode` defaults to the level:
   * core lenient, profile strict).
   */
  schema?: {
    kind: string;
    mode?: "lenient" | "strict";
  };
  /**
   * Decode the body as Atom of this kind; pointer checks then apply to the result, and at
   * profile level the writers' rules apply too (checks/atom-writer.ts), with `owner` the
   * album owner every photo entry's author names.
   */
  atom?: {
    kind: "appdata" | "people" | "person" | "albums" | "photos";
    owner?: string;
  };
  json?: PointerCheck[];
  /** The body text must not contain any of these strings (placeholders allowed). */
  bodyExcludes?: string[];
  /**
   * Statement for the status/content-type/body checks, the captures and a failure of the
   * step itself: no answer, a replay's first request refused (default: the case's first).
   */
  statement?: string;
}
