/**
 * The words for a check's finding, shared by every reporter (console, JUnit, TAP, HTML, and the
 * JSON report's per-check `message`): one entry per code of checks/finding-codes.ts. Check
 * results hold data; only this file words them.
 */
import { OPENSOCIAL_NS, OSEARCH_NS } from "../../codecs/atom/namespaces.js";
import type { CheckResult } from "../checks/check-result.js";
import { show } from "../checks/compare.js";
import type { BodyFinding, Finding, FindingCode } from "../checks/finding-codes.js";
import { caseProblemText } from "./case-problem-text.js";

type Words = { [C in FindingCode]: (f: Extract<Finding, { code: C }>) => string };

const q = JSON.stringify;
/** A header's value as quoted text, or "absent" when the response has no such header. */
const hv = (v: string | undefined): string => (v === undefined ? "absent" : q(v));

/** The start of a body quoted in a status failure. */
function bodyText(t: string): string {
  return t === "" ? "" : ` (body: ${t.length > 160 ? `${t.slice(0, 157)}...` : t})`;
}

/** Where a reader finds what is there instead of a missing member. */
function parentText(parent: string | undefined): string {
  return parent === undefined ? "" : `; the nearest existing parent is ${parent || "/ (the root)"}`;
}

/** The words for each finding code. */
export const FINDING_WORDS: Words = {
  "status-ok": (f) => `status ${f.status}`,
  "status-wrong": (f) =>
    `status ${f.status}, expected ${f.allowed.join(" or ")}${bodyText(f.body)}`,
  "no-server-error-ok": (f) => `status ${f.status}, not 5xx`,
  "server-error": (f) => `status ${f.status}, a server error${bodyText(f.body)}`,
  "when-unmet": (f) =>
    `status ${f.status} (${f.representation === "neither" ? "neither JSON nor Atom" : f.representation})${f.condition === undefined ? "" : `, where ${f.condition} does not hold`}: the step's other checks apply only to the answers its \`when\` names`,
  "content-type-missing": (f) => `no Content-Type, expected ${f.expected}`,
  "content-type-ok": (f) => `Content-Type ${f.header}`,
  "content-type-wrong": (f) => `Content-Type ${q(f.header)}, expected ${f.expected}`,
  "header-absent-ok": (f) => `${f.name} absent`,
  "header-absent-wrong": (f) => `${f.name} present: ${f.value}`,
  "header-present-ok": (f) => `${f.name} present`,
  "header-present-wrong": (f) => `${f.name} missing`,
  "header-equals": (f) => `${f.name}: ${hv(f.value)}, expected ${q(f.expected)}`,
  "header-includes-ok": (f) => `${f.name} includes ${f.tokens.join(", ")}`,
  "header-includes-lacking": (f) => `${f.name} ${hv(f.value)} lacks ${f.lacking.join(", ")}`,
  "header-matches-ok": (f) => `${f.name} ${q(f.value)} matches /${f.pattern}/`,
  "header-matches-wrong": (f) => `${f.name} ${hv(f.value)} does not match /${f.pattern}/`,
  "body-empty-ok": () => "empty body",
  "body-not-empty": (f) =>
    `body of ${f.bytes} bytes (Content-Length ${f.contentLength ?? "absent"}), expected none`,
  "body-excludes-ok": (f) => `body does not contain ${q(f.needle)}`,
  "body-excludes-found": (f) => `body contains ${q(f.needle)} at offset ${f.offset}`,
  "body-excludes-found-escaped": (f) =>
    `body contains ${q(f.needle)} once its escapes (JSON or XML) are undone`,
  "body-excludes-too-short": (f) =>
    `a text of ${f.length} characters is too short to tell from the body's own words: not looked for`,
  "error-content-type": (f) => `error Content-Type ${f.contentType ?? "(none)"}`,
  "error-body-not-json": (f) => `error body is not JSON: ${f.detail}`,
  "error-body-ok": () => "error body shape",
  "error-body-invalid": (f) => f.issues.map((i) => `${i.pointer || "/"}: ${i.message}`).join("; "),
  "error-code": (f) =>
    `/error/code ${q(f.errorCode)}; the answer's own status is ${f.status} (the error body's code repeats it)`,
  "body-missing": (f) => `empty body, expected ${f.expected}`,
  "body-not-json": (f) => `body is not JSON: ${f.detail}`,
  "body-is-atom": () =>
    "body is not JSON: the body is an Atom feed, not JSON: the server did not select JSON for this request",
  "body-is-json": (f) =>
    `Atom ${f.kind}: the body is JSON, not an Atom feed: the server did not select Atom for this request [json-body]`,
  "body-not-atom": (f) =>
    `Atom ${f.kind}: ${f.detail ?? "not a feed"} [${f.issue ?? ""}]${f.more > 0 ? ` (+${f.more} more)` : ""}`,
  "schema-unknown-kind": (f) => `unknown schema kind ${f.kind}`,
  "schema-ok": (f) => `valid ${f.kind}`,
  "schema-invalid": (f) => `${f.where}: ${f.detail} [${f.issue}]${parentText(f.parent)}`,
  "atom-frame-ok": (f) => `${f.entries} entries framed as §4.3 says`,
  "atom-frame-count": (f) =>
    `${f.xpath}: entry has ${f.count} atom:${f.local} elements, expected 1`,
  "atom-frame-namespace": (f) =>
    `${f.xpath}: ${f.local} in namespace ${q(f.uri)}, expected ${OPENSOCIAL_NS}`,
  "atom-frame-content-type": (f) =>
    `${f.xpath}: content type ${q(f.type)}, expected "application/xml"`,
  "atom-frame-not-empty": (f) => `${f.xpath}: ${f.local} is not empty (${q(f.text)})`,
  "atom-frame-author-url-count": (f) =>
    `${f.xpath}: author has ${f.count} url children, expected 1 (in any namespace; core also takes an Atom uri)`,
  "atom-frame-id-not-urn": (f) => `${f.xpath}: id ${q(f.id)} is not urn:guid:<id>`,
  "atom-frame-url-not-urn": (f) => `${f.xpath}: author url ${q(f.url)} is not urn:guid:<id>`,
  "atom-frame-url-differs": (f) => `${f.xpath}: author url ${q(f.url)} differs from id ${q(f.id)}`,
  "atom-frame-order": (f) =>
    `${f.xpath}: entry children in order ${f.seen.join(", ")}, expected ${f.order.join(", ")}`,
  "atom-writer-ok": () => "written as the profile's writers' rules say",
  "atom-writer-opensearch-ns": (f) =>
    `${f.xpath}: OpenSearch namespace written as ${f.uri}, expected ${OSEARCH_NS}`,
  "atom-writer-key-namespace": (f) =>
    `${f.xpath}: key element in namespace ${q(f.uri)}, expected ${OPENSOCIAL_NS}`,
  "atom-writer-data-name": (f) =>
    `${f.xpath}: data element ${f.local}, expected appdata (readers accept appData; writers write appdata)`,
  "atom-writer-name-escape": (f) =>
    `${f.xpath}: name escape ${f.escape} written with lower-case hex digits`,
  "atom-writer-name-escape-needless": (f) =>
    `${f.xpath}: name escape ${f.escape} of a character that is a name character where it stands; only offending characters are escaped (or the key holds a literal _xHHHH_ whose _ was left unescaped, P-FMT-4.3)`,
  "atom-writer-literal-unescaped": (f) =>
    `${f.xpath}: ${f.escape} in a key element's name is no escape a writer makes there (readers decode it, either case): a literal _xHHHH_ in the key whose _ was not written as _x005F_ (P-FMT-4.3)`,
  "atom-writer-author-owner": (f) =>
    `${f.xpath}: author url ${q(f.url)}, expected the album owner urn:guid:${f.owner}`,
  "pointer-error": (f) => caseProblemText(f.problem),
  "placeholder-unfilled": (f) => `case error: ${caseProblemText(f.problem)}`,
  "pointer-broken": (f) => `${f.where}: nothing to check: the path breaks at ${f.at}`,
  "pointer-empty": (f) =>
    `${f.where}: nothing to check: ${f.at} is empty (a check over no element proves nothing)`,
  "pointer-absent-ok": (f) => `${f.where}: absent`,
  "pointer-not-absent": (f) => `${f.where}: expected absent, found ${show(f.value)}`,
  "pointer-missing": (f) =>
    `${f.where}: missing${f.at === undefined || f.at === f.where ? "" : ` (${f.at})`}${parentText(f.parent)}`,
  "pointer-present-ok": (f) => `${f.where}: present`,
  "pointer-not-object": (f) => `${f.where}: ${show(f.value)} is not an object`,
  "pointer-not-list": (f) => `${f.where}: ${show(f.value)} is not a list`,
  "equals-ok": (f) => `${f.where}: equals ${show(f.expected)}`,
  "equals-wrong": (f) => `${f.where}: ${show(f.value)}, expected ${show(f.expected)}`,
  "equals-none": (f) => `${f.where}: no values, expected ${show(f.expected)}`,
  "one-of-ok": (f) => `${f.where}: one of the allowed values`,
  "one-of-wrong": (f) => `${f.where}: ${show(f.value)}, expected one of ${show(f.options)}`,
  "type-ok": (f) => `${f.where}: type ${f.types.join("|")}`,
  "type-wrong": (f) =>
    `${f.where}: ${show(f.value)} is not ${f.types.join(" or ")}${f.strict ? " (strict)" : ""}`,
  "count-not-container": (f) => `${f.where}: ${show(f.value)} is neither an array nor an object`,
  "count-ok": (f) => `${f.where}: count ${f.size}`,
  "count-wrong": (f) =>
    `${f.where}: count ${f.size}, expected ${typeof f.expected === "number" ? f.expected : show(f.expected)}`,
  "at-least-ok": (f) => `${f.where}: at least ${f.bound}`,
  "at-least-wrong": (f) =>
    `${f.where}: ${show(f.value)}, expected ${typeof f.value === "number" ? "" : "a number "}at least ${f.bound}`,
  "above-ok": (f) => `${f.where}: greater than ${f.bound}`,
  "above-wrong": (f) =>
    `${f.where}: ${show(f.value)}, expected ${typeof f.value === "number" ? "" : "a number "}greater than ${f.bound}`,
  "bound-not-number": (f) =>
    `${f.where}: case error: ${q(f.rule)} needs a number, got ${show(f.bound)}`,
  "in-not-list": (f) => `${f.where}: "in" needs a list, got ${show(f.got)}`,
  "in-ok": (f) => `${f.where}: all ${f.count} values among the allowed`,
  "in-wrong": (f) => `${f.where}: ${show(f.value)} is not among ${show(f.list)}`,
  "contains-ok": (f) => `${f.where}: contains ${show(f.expected)}`,
  "contains-lacking": (f) => `${f.where}: lacks ${show(f.lacking)} (has ${show(f.values)})`,
  "has-not-object": (f) => `${f.where}: "has" needs an object, got ${show(f.got)}`,
  "has-ok": (f) => `${f.where}: has ${f.count} members as expected`,
  "has-wrong": (f) =>
    `${f.where}: member ${f.member}: ${show(f.value)}, expected ${show(f.expected)}`,
  "lacks-not-list": (f) => `${f.where}: "lacks" needs a list, got ${show(f.got)}`,
  "lacks-ok": (f) => `${f.where}: none of ${show(f.lacks)}`,
  "lacks-present": (f) => `${f.where}: has ${show(f.present)}, expected none of them`,
  "same-members-ok": (f) => `${f.where}: the same members`,
  "same-members-wrong": (f) => `${f.at}: ${show(f.value)}, expected ${show(f.expected)}`,
  "sorted-ok": (f) => `${f.where}: in code point order`,
  "sorted-wrong": (f) =>
    `${f.where}: not in code point order: ${show(f.before)} before ${show(f.after)}`,
  "keys-not-atom": (f) =>
    `${f.where}: case error: keys checks order, which only an Atom application-data record carries (P-FMT-3)`,
  "keys-ok": (f) => `${f.where}: keys ${show(f.keys)}`,
  "keys-wrong": (f) => `${f.where}: keys ${show(f.keys)}, expected ${show(f.expected)}`,
  "member-order-unusable": (f) =>
    `${f.where}: case error: memberOrder compares an Atom body's children with JSON members or a list of names`,
  "member-order-ok": (f) => `${f.where}: Atom children in the JSON order ${show(f.names)}`,
  "member-order-wrong": (f) =>
    `${f.where}: Atom children in the order ${show(f.names)}, the JSON members in ${show(f.expected)} (P-FMT-7: one child per JSON member, in the JSON order)`,
  "matches-ok": (f) => `${f.where}: matches /${f.pattern}/`,
  "matches-wrong": (f) => `${f.where}: ${show(f.value)} does not match /${f.pattern}/`,
  "string-rendering": (f) =>
    `${f.at}: the string ${q(f.text)} where the declared type is a ${f.declared} (P-FMT-6.3: writers write the declared type; core accepts it)`,
  "capture-undecodable": (f) => `capture ${f.name}: ${findingText(f.body)}`,
  "capture-missing": (f) => `capture ${f.name}: nothing at ${f.pointer}${parentText(f.parent)}`,
};

/** A finding as text. */
export function findingText(f: Finding | BodyFinding): string {
  return (FINDING_WORDS[f.code] as (f: Finding) => string)(f);
}

/** A check result's message: its finding as text. */
export function checkText(k: Pick<CheckResult, "finding">): string {
  return findingText(k.finding);
}
