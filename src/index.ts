// biome-ignore-all assist/source/organizeImports: the exports are grouped by topic, each section with its comment
/**
 * opensocial-kit: the typed model, JSON Schemas and codecs of the social-platform REST API
 * (social-api.md, with the decisions of profile.md), the client-side request signer, and P-FMT-1's
 * choice of representation for a server.
 *
 * Subpaths: `opensocial-kit/json` and `opensocial-kit/atom` (each codec alone),
 * `opensocial-kit/oauth` (OAuth 1.0a: the verifier and its primitives, for server authors),
 * `opensocial-kit/server` (the reference server), `opensocial-kit/conformance` (the suite and its
 * runner), and `opensocial-kit/schemas/*.json` (the JSON Schemas as files). The exported names of every
 * subpath are pinned by test/api/exports.json.
 */

// ── Model ────────────────────────────────────────────────────────────────────
/** Resource types of social-api.md §2. */
export type {
  Address,
  Album,
  AppDataRecord,
  BloodType,
  JsonValue,
  OptionalPersonField,
  Person,
  Photo,
} from "./model/resources.js";
/** Person fields that appear only when named in `fields` (§2.6). */
export { OPTIONAL_PERSON_FIELDS } from "./model/resources.js";
/** Response bodies of social-api.md §4 and the P-ERR-1 error body. */
export type {
  AlbumList,
  AppDataResponse,
  AppDataWrite,
  ErrorBody,
  FriendsResponse,
  Paging,
  PeopleResponse,
  PersonResponse,
  PhotoList,
} from "./model/responses.js";
/** platformUserId (`<namespace>:<value>`) and `urn:guid:` helpers (§2.1, P-FMT-2). */
export {
  formatPlatformId,
  fromUrnGuid,
  isPlatformId,
  type PlatformId,
  parsePlatformId,
  toUrnGuid,
} from "./model/ids.js";
/** The application-data alphabet (P-DATA-1). */
export { isValidKey, isValidValue, isXmlText } from "./model/appdata-rules.js";
/** The application-data limits (P-DATA-1, P-DATA-3). */
export { MAX_KEY_LENGTH, MAX_VALUE_CODE_POINTS, PAIR_LIMIT } from "./model/limits.js";
/**
 * The limits a server enforces: one record's keys and bytes (P-DATA-7), paging's default and
 * largest `count` and largest value (P-PAGE-1, P-PAGE-2), the largest request body (P-ERR-4).
 */
export {
  DEFAULT_COUNT,
  MAX_BODY_BYTES,
  MAX_COUNT,
  MAX_PAGING_VALUE,
  RECORD_LIMITS,
} from "./model/limits.js";

// ── Errors as data ───────────────────────────────────────────────────────────
/** Issues and results: every function that can fail on its input returns a `Result`. */
export type { Issue, IssueCode, Result, XmlLocation } from "./model/issue.js";
/** Every stable issue code. */
export { ISSUE_CODES } from "./model/issue.js";
/** The error the library throws for programming mistakes, with a stable `code`. */
export { KIT_ERROR_CODES, KitError, type KitErrorCode } from "./model/kit-error.js";
/**
 * The error thrown for the world the kit runs in, with a stable `code`: a store that stops
 * answering (the server answers 503), a public URL that cannot be used (the server does not start).
 */
export {
  OPERATIONAL_ERROR_CODES,
  OperationalError,
  type OperationalErrorCode,
} from "./model/operational-error.js";

// ── Schemas ──────────────────────────────────────────────────────────────────
/** Document kinds and validation modes. */
export { isKind, KINDS, type Kind, type Mode } from "./schemas/kinds.js";
/** The value type of each kind. */
export type { KindValue, KindValueMap } from "./schemas/kind-values.js";
/** Validates a parsed value against a kind's JSON Schema (lenient or strict, P-FMT-6). */
export { type ValidateOptions, validate } from "./schemas/validate.js";
/** Compiles every bundled schema now (call at start-up to fail fast). */
export { compileSchemas } from "./schemas/registry.js";

// ── JSON codec ───────────────────────────────────────────────────────────────
/** Reads wire JSON text of a kind leniently, normalising numbers and booleans. */
export { fromJson, type JsonReadOptions } from "./codecs/json/read.js";
/** The bounds `fromJson` applies before parsing (size, nesting depth), as `limits`. */
export type { JsonLimits } from "./codecs/json/limits.js";
/** Writes wire JSON of a kind with the declared types. */
export { toJson } from "./codecs/json/write.js";

// ── Atom codec ───────────────────────────────────────────────────────────────
/**
 * Atom (§4.3, P-FMT-2..7): `toAtom(kind, value)` writes the feed of a value valid as `toJson`
 * checks it (`strict` gives an RFC 4287-valid feed); `fromAtom(kind, xml)` reads one into its
 * JSON-shaped value or issues, never throwing on any document (a limit option that is not a
 * number 0 or more is a KitError).
 */
export {
  ATOM_KINDS,
  type AtomKind,
  type AtomReadLimits,
  type AtomReadOptions,
  type AtomValueMap,
  type AtomWriteOptions,
  fromAtom,
  isAtomKind,
  type OrderedAppDataResponse,
  toAtom,
} from "./codecs/atom/index.js";

// ── Serving a representation ─────────────────────────────────────────────────
/**
 * P-FMT-1 for a server without `format` in the query: true when the request's `Accept` selects
 * Atom (each of the two types takes the q of its own entry; a tie, a wildcard or no Accept serves
 * JSON). `format=json|atom` decides before it, and any other `format` is a 400.
 */
export { acceptSelectsAtom } from "./wire/accept-ranking.js";

// ── Captured payloads ────────────────────────────────────────────────────────
/**
 * Captured response bodies (`opensocial-kit validate` / `convert`): read bytes as a JSON or Atom
 * document of one kind, bounded and never throwing, and convert between the two forms.
 */
export {
  type Captured,
  type CapturedFormat,
  type CapturedOptions,
  convertCaptured,
  MAX_CAPTURED_BYTES,
  readCaptured,
} from "./codecs/captured.js";

// ── Signing requests (client side) ───────────────────────────────────────────
/**
 * Signs a request as a client does (two-legged OAuth 1.0a, HMAC-SHA1, `xoauth_requestor_id`);
 * a query or form body with a malformed percent escape cannot be signed: `KitError`
 * `OSK_MALFORMED_ESCAPE`. Verifying signatures (`verifySignature`) is in `opensocial-kit/oauth`.
 */
export { type SignedRequest, type SignRequestInput, signRequest } from "./oauth/sign-request.js";
