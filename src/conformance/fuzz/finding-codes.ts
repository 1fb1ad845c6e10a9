/**
 * What the fuzzer's judge found, as a coded record: each {@link Finding} names
 * the statement it breaks, where, one stable code from {@link FUZZ_FINDINGS} and the data its
 * words need; the words are the reporters' (reporters/fuzz-finding-text.ts).
 */

/** The parameters of each fuzz finding code. */
interface FuzzFindingParams {
  "body-not-json": { detail: string; body: string };
  "server-error": { status: number };
  "unasked-compression": { encoding: string };
  "status-wrong": { expected: number; status: number; body: string };
  "error-body-wrong": { status: number; body: unknown };
  "write-body-not-empty": { body: string };
  "data-differs": { expected: unknown; actual: unknown };
  "content-type-not-json": { contentType: string | undefined };
  "head-body": object;
  "allow-missing": object;
  "atom-status": { status: number };
  "atom-content-type": { contentType: string | undefined };
  "atom-unreadable": { issue: string; detail: string };
  "atom-differs": { expected: unknown; actual: unknown };
  "atom-opensearch-ns": { uri: string };
  "atom-author-url-missing": object;
  "atom-guid-wrong": { expected: string; actual: string };
  "atom-member-namespace": { uri: string };
  "atom-key-escape": { key: string; written: string };
  "atom-key-order": { expected: readonly string[]; actual: readonly string[] };
  "atom-items-per-page": object;
  "atom-member-order": { expected: readonly string[]; actual: readonly string[] };
  "no-answer": { transport: string; detail: string };
  "fuzzer-broke": { detail: string };
}

/** One of the fuzz finding codes. */
export type FuzzFindingCode = keyof FuzzFindingParams;

/** A rule the target broke: the statement, where, a code and its parameters. */
export type Finding = {
  [C in FuzzFindingCode]: {
    /** Statement (or clause) id of conformance/statements.json. */
    readonly statement: string;
    /** Where: `status`, a header, or an RFC 6901 pointer into the body (`atom:` for the Atom form). */
    readonly path: string;
    readonly code: C;
  } & Readonly<FuzzFindingParams[C]>;
}[FuzzFindingCode];

/**
 * Stable fuzz finding codes, each with what it means. Adding a code is fine; renaming one
 * breaks whoever reads the records.
 */
export const FUZZ_FINDINGS: { readonly [C in FuzzFindingCode]: string } = {
  "body-not-json": "the answer's body does not parse as JSON",
  "server-error": "a 5xx status to a request a client can send",
  "unasked-compression": "a compressed answer to a request without Accept-Encoding",
  "status-wrong": "the status is not the one the model expects",
  "error-body-wrong": "an error answer without the {error:{code,message}} body",
  "write-body-not-empty": "a write or delete answered 200 with a body",
  "data-differs": "the data of a read differs from the model's",
  "content-type-not-json": "a JSON read answered with another media type",
  "head-body": "a HEAD answer carries a body",
  "allow-missing":
    "a 405 answer without an Allow header, or at profile one that leaves out GET or HEAD",
  "atom-status": "the Atom form of a read answers another status than its JSON form",
  "atom-content-type": "the Atom form of a read answered with another media type",
  "atom-unreadable": "the library's Atom reader refuses the Atom form",
  "atom-differs": "the data of the Atom form differs from the JSON form",
  "atom-opensearch-ns": "an OpenSearch element in the namespace with the trailing slash",
  "atom-author-url-missing": "an entry's author has no url child",
  "atom-guid-wrong": "an entry's id or author url is not urn:guid: of the item's id",
  "atom-member-namespace": "a member element outside the OpenSocial namespace",
  "atom-key-escape": "an appdata key element not written with the P-FMT-4 escape",
  "atom-key-order": "appdata key elements not in the order first written",
  "atom-items-per-page": "an application-data feed with an itemsPerPage element",
  "atom-member-order":
    "a person's, album's or photo's children in another order than the JSON form's members",
  "no-answer": "the target gave no HTTP answer",
  "fuzzer-broke": "the fuzzer itself failed (a bug of the kit)",
};
