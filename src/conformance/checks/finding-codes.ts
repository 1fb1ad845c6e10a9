/**
 * What a check found, as a coded record: each check result carries a `finding`,
 * one stable code from {@link FINDINGS} with the parameters its words need; the words are the
 * reporters' (reporters/check-text.ts). Codes ending in `-ok` are passes.
 */
import type { IssueCode } from "../../model/issue.js";
import type { CaseProblem } from "../request/case-problems.js";
import type { Bounds } from "./pointer/rule.js";

/** The parameters of each finding code. */
interface FindingParams {
  "status-ok": { status: number };
  "status-wrong": { status: number; allowed: readonly number[]; body: string };
  "no-server-error-ok": { status: number };
  "server-error": { status: number; body: string };
  "when-unmet": {
    status: number;
    representation: "json" | "atom" | "neither";
    /** The body condition of `when.json` the answer does not pass, as the case wrote it. */
    condition?: string;
  };
  "content-type-missing": { expected: string };
  "content-type-ok": { header: string };
  "content-type-wrong": { header: string; expected: string };
  "header-absent-ok": { name: string };
  "header-absent-wrong": { name: string; value: string };
  "header-present-ok": { name: string };
  "header-present-wrong": { name: string };
  "header-equals": { name: string; value: string | undefined; expected: string };
  "header-includes-ok": { name: string; tokens: readonly string[] };
  "header-includes-lacking": {
    name: string;
    value: string | undefined;
    lacking: readonly string[];
  };
  "header-matches-ok": { name: string; value: string | undefined; pattern: string };
  "header-matches-wrong": { name: string; value: string | undefined; pattern: string };
  "body-empty-ok": object;
  "body-not-empty": { bytes: number; contentLength: string | undefined };
  "body-excludes-ok": { needle: string };
  "body-excludes-found": { needle: string; offset: number };
  "body-excludes-found-escaped": { needle: string };
  "body-excludes-too-short": { length: number };
  "error-content-type": { contentType: string | undefined };
  "error-body-not-json": { detail: string | undefined };
  "error-body-ok": object;
  "error-body-invalid": { issues: readonly { pointer: string; message: string }[] };
  "error-code": { errorCode: unknown; status: number };
  "body-missing": { expected: "JSON" | "an Atom feed" };
  "body-not-json": { detail: string | undefined };
  /** An Atom feed where JSON was expected: the server did not select JSON (P-FMT-1). */
  "body-is-atom": object;
  /** JSON where an Atom feed of `kind` was expected: the server did not select Atom (P-FMT-1). */
  "body-is-json": { kind: string };
  "body-not-atom": {
    kind: string;
    /** The Atom codec's first issue: its message, code, and how many more there are. */
    detail: string | undefined;
    issue: IssueCode | undefined;
    more: number;
  };
  "schema-unknown-kind": { kind: string };
  "schema-ok": { kind: string };
  "schema-invalid": { where: string; detail: string; issue: string; parent?: string };
  "atom-frame-ok": { entries: number };
  "atom-frame-count": { xpath: string; local: string; count: number };
  "atom-frame-namespace": { xpath: string; local: string; uri: string | undefined };
  "atom-frame-content-type": { xpath: string; type: string | null };
  "atom-frame-not-empty": { xpath: string; local: string; text: string };
  "atom-frame-author-url-count": { xpath: string; count: number };
  "atom-frame-id-not-urn": { xpath: string; id: string };
  "atom-frame-url-not-urn": { xpath: string; url: string };
  "atom-frame-url-differs": { xpath: string; url: string; id: string };
  "atom-frame-order": { xpath: string; seen: readonly string[]; order: readonly string[] };
  "atom-writer-ok": object;
  "atom-writer-opensearch-ns": { xpath: string; uri: string | undefined };
  "atom-writer-key-namespace": { xpath: string; uri: string | undefined };
  "atom-writer-data-name": { xpath: string; local: string };
  "atom-writer-name-escape": { xpath: string; escape: string };
  "atom-writer-name-escape-needless": { xpath: string; escape: string };
  "atom-writer-literal-unescaped": { xpath: string; escape: string };
  "atom-writer-author-owner": { xpath: string; url: string; owner: string };
  "pointer-error": { problem: CaseProblem };
  "placeholder-unfilled": { problem: CaseProblem };
  "pointer-broken": { where: string; at: string };
  "pointer-empty": { where: string; at: string };
  "pointer-absent-ok": { where: string };
  "pointer-not-absent": { where: string; value: unknown };
  "pointer-missing": {
    where: string;
    at: string | undefined;
    /** The nearest ancestor the body has (its value is the check's `actual`). */
    parent?: string;
  };
  "pointer-present-ok": { where: string };
  "pointer-not-object": { where: string; value: unknown };
  "pointer-not-list": { where: string; value: unknown };
  "equals-ok": { where: string; expected: unknown };
  "equals-wrong": { where: string; value: unknown; expected: unknown };
  "equals-none": { where: string; expected: unknown };
  "one-of-ok": { where: string };
  "one-of-wrong": { where: string; value: unknown; options: readonly unknown[] };
  "type-ok": { where: string; types: readonly string[] };
  "type-wrong": { where: string; value: unknown; types: readonly string[]; strict: boolean };
  "count-not-container": { where: string; value: unknown };
  "count-ok": { where: string; size: number };
  "count-wrong": { where: string; size: number; expected: number | Bounds };
  "at-least-ok": { where: string; bound: number };
  "at-least-wrong": { where: string; value: unknown; bound: number };
  "above-ok": { where: string; bound: number };
  "above-wrong": { where: string; value: unknown; bound: number };
  "bound-not-number": { where: string; rule: "atLeast" | "above"; bound: unknown };
  "in-not-list": { where: string; got: unknown };
  "in-ok": { where: string; count: number };
  "in-wrong": { where: string; value: unknown; list: readonly unknown[] };
  "contains-ok": { where: string; expected: readonly unknown[] };
  "contains-lacking": { where: string; lacking: readonly unknown[]; values: readonly unknown[] };
  "has-not-object": { where: string; got: unknown };
  "has-ok": { where: string; count: number };
  "has-wrong": { where: string; member: string; value: unknown; expected: unknown };
  "lacks-not-list": { where: string; got: unknown };
  "lacks-ok": { where: string; lacks: readonly unknown[] };
  "lacks-present": { where: string; present: readonly unknown[] };
  "same-members-ok": { where: string };
  "same-members-wrong": { where: string; at: string; value: unknown; expected: unknown };
  "sorted-ok": { where: string };
  "sorted-wrong": { where: string; before: string; after: string };
  "keys-not-atom": { where: string };
  "keys-ok": { where: string; keys: unknown };
  "keys-wrong": { where: string; keys: unknown; expected: unknown };
  "member-order-unusable": { where: string };
  "member-order-ok": { where: string; names: readonly string[] };
  "member-order-wrong": {
    where: string;
    names: readonly string[];
    expected: readonly string[];
  };
  "matches-ok": { where: string; pattern: string };
  "matches-wrong": { where: string; value: unknown; pattern: string };
  "string-rendering": {
    where: string;
    at: string;
    text: string;
    declared: "number" | "boolean";
  };
  "capture-undecodable": { name: string; body: BodyFinding };
  "capture-missing": { name: string; pointer: string; parent?: string };
}

/** One of the finding codes. */
export type FindingCode = keyof FindingParams;

/** What a check found: a code and its parameters. */
export type Finding = {
  [C in FindingCode]: { readonly code: C } & Readonly<FindingParams[C]>;
}[FindingCode];

/** Why a body could not be decoded. */
export type BodyFinding = Extract<
  Finding,
  { code: "body-missing" | "body-not-json" | "body-is-atom" | "body-is-json" | "body-not-atom" }
>;

/** What a pointer rule found, before the engine adds the pointer (`where`). */
export type RuleFinding = Finding extends infer F
  ? F extends { where: string }
    ? Omit<F, "where">
    : never
  : never;

/**
 * Stable finding codes, each with what it means. Adding a code is fine; renaming one breaks
 * whoever reads the records.
 */
export const FINDINGS: { readonly [C in FindingCode]: string } = {
  "status-ok": "the status is one the case expects",
  "status-wrong": "the status is not one the case expects",
  "no-server-error-ok": "the status is not 5xx",
  "server-error": "a 5xx status: the service's own error, never an answer to a client's input",
  "when-unmet":
    "the answer is not one the step's `when` names: its other checks do not apply to it (passed as not applicable)",
  "content-type-missing": "no Content-Type header",
  "content-type-ok": "the Content-Type is the expected media type",
  "content-type-wrong": "the Content-Type is another media type (or lacks charset=utf-8)",
  "header-absent-ok": "a header that must be absent is absent",
  "header-absent-wrong": "a header that must be absent is present",
  "header-present-ok": "a header that must be present is present",
  "header-present-wrong": "a header that must be present is missing",
  "header-equals": "a header compared to an exact value",
  "header-includes-ok": "a comma-list header includes every expected token",
  "header-includes-lacking": "a comma-list header lacks expected tokens",
  "header-matches-ok": "a header matches a regular expression",
  "header-matches-wrong": "a header does not match a regular expression",
  "body-empty-ok": "the body is empty",
  "body-not-empty": "the body is not empty (or Content-Length is not 0)",
  "body-excludes-ok": "the body does not contain a text it must not",
  "body-excludes-found": "the body contains a text it must not",
  "body-excludes-found-escaped":
    "the body contains a text it must not, written with escapes (JSON or XML)",
  "body-excludes-too-short":
    "a text the body must not contain is too short to tell from ordinary words (a short consumer secret): not looked for",
  "error-content-type": "the Content-Type of an error body",
  "error-body-not-json": "an error body that is not JSON",
  "error-body-ok": "an error body of the P-ERR-1 shape",
  "error-body-invalid": "an error body of another shape",
  "error-code": "the error body's code compared to the status",
  "body-missing": "an empty body where one was expected",
  "body-not-json": "a body that is not JSON",
  "body-is-atom": "an Atom feed where JSON was expected: the server did not select JSON",
  "body-is-json": "JSON where an Atom feed was expected: the server did not select Atom",
  "body-not-atom": "a body the Atom codec refuses",
  "schema-unknown-kind": "a case names a schema kind that does not exist",
  "schema-ok": "the body validates as its kind",
  "schema-invalid": "a schema issue of the body",
  "atom-frame-ok": "every Atom entry is framed as §4.3 says",
  "atom-frame-count": "an entry has not exactly one of a required element",
  "atom-frame-namespace": "an entry's data element is outside the OpenSocial namespace",
  "atom-frame-content-type": "an entry's content type is not application/xml",
  "atom-frame-not-empty": "an entry's title or updated is not empty",
  "atom-frame-author-url-count": "an entry's author has not exactly one url",
  "atom-frame-id-not-urn": "an entry's id is not urn:guid:",
  "atom-frame-url-not-urn": "an entry's author url is not urn:guid:",
  "atom-frame-url-differs": "an entry's author url differs from its id",
  "atom-frame-order": "an entry's children are out of the profile's order",
  "atom-writer-ok": "the Atom body follows the profile's writers' rules",
  "atom-writer-opensearch-ns": "an OpenSearch namespace other than P-FMT-2's",
  "atom-writer-key-namespace": "an application-data key outside the OpenSocial namespace",
  "atom-writer-data-name":
    "the application-data element written as appData, a name only readers must accept",
  "atom-writer-name-escape": "a name escape with lower-case hex digits",
  "atom-writer-name-escape-needless":
    "a digit, - or . after a key's first character written as a name escape",
  "atom-writer-literal-unescaped":
    "a lower-case _xhhhh_ no writer makes: a literal in the key whose _ was not escaped",
  "atom-writer-author-owner": "an album or photo entry whose author is not the album owner",
  "pointer-error": "a pointer check that could not run (a placeholder or pattern)",
  "placeholder-unfilled":
    "a check or capture naming a placeholder the run cannot fill (case error, case-problems.ts)",
  "pointer-broken": "the path breaks before its last token",
  "pointer-empty": "a wildcard or selection over an empty container",
  "pointer-absent-ok": "nothing at a pointer that must be absent",
  "pointer-not-absent": "a value at a pointer that must be absent",
  "pointer-missing": "nothing at the pointer",
  "pointer-present-ok": "a value at the pointer",
  "pointer-not-object": "the value is not an object",
  "pointer-not-list": "the value is not a list",
  "equals-ok": "the values equal the expected one",
  "equals-wrong": "a value differs from the expected one",
  "equals-none": "no values to compare",
  "one-of-ok": "every value is one of the allowed",
  "one-of-wrong": "a value is none of the allowed",
  "type-ok": "every value has an allowed type",
  "type-wrong": "a value has another type",
  "count-not-container": "the value is neither an array nor an object",
  "count-ok": "the size is as expected",
  "count-wrong": "the size is not as expected",
  "at-least-ok": "every value is a number at least the bound",
  "at-least-wrong": "a value is less than the bound, or no number",
  "above-ok": "every value is a number greater than the bound",
  "above-wrong": "a value is not greater than the bound, or no number",
  "bound-not-number": "a case gives `atLeast` or `above` something other than a number",
  "in-not-list": "a case gives `in` something other than a list",
  "in-ok": "every value is among the allowed",
  "in-wrong": "a value is not among the allowed",
  "contains-ok": "the list contains every expected value",
  "contains-lacking": "the list lacks expected values",
  "has-not-object": "a case gives `has` something other than an object",
  "has-ok": "the object has the expected members",
  "has-wrong": "a member is missing or differs",
  "lacks-not-list": "a case gives `lacks` something other than a list",
  "lacks-ok": "the object has none of the listed members",
  "lacks-present": "the object has listed members",
  "same-members-ok": "the value carries the expected one member by member",
  "same-members-wrong": "a member the documents name is missing, added or differs",
  "sorted-ok": "the list is in code point order",
  "sorted-wrong": "the list is out of code point order",
  "keys-not-atom": "a keys check on a body without key order (case error, P-FMT-3)",
  "keys-ok": "the keys are in the expected order",
  "keys-wrong": "the keys differ or are out of order",
  "member-order-unusable":
    "a memberOrder check without an Atom body or without JSON members to follow (case error, P-FMT-7)",
  "member-order-ok": "the Atom children follow the JSON members' order",
  "member-order-wrong": "the Atom children are in another order than the JSON members (P-FMT-7)",
  "matches-ok": "every value matches the regular expression",
  "matches-wrong": "a value does not match the regular expression",
  "string-rendering":
    "a number or boolean written as its string rendering: core accepts it, the profile's writers' rule does not (P-FMT-6.3)",
  "capture-undecodable": "a capture from a body that could not be decoded",
  "capture-missing": "nothing at a capture's pointer",
};
