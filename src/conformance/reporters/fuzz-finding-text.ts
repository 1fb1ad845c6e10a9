/**
 * The words for a fuzz finding (fuzz/finding-codes.ts), one entry per code, used by the fuzz
 * report (fuzz-text.ts) and the fuzz mutant table. Findings hold data; only this file
 * words them.
 */
import { OPENSOCIAL_NS, OSEARCH_NS } from "../../codecs/atom/namespaces.js";
import { show } from "../checks/compare.js";
import type { Finding, FuzzFindingCode } from "../fuzz/finding-codes.js";

type Words = { [C in FuzzFindingCode]: (f: Extract<Finding, { code: C }>) => string };

/** The words for each fuzz finding code. */
export const FUZZ_FINDING_WORDS: Words = {
  "body-not-json": (f) => `the body is not JSON (${f.detail}): ${show(f.body)}`,
  "server-error": (f) => `status ${f.status} to a request a client can send`,
  "unasked-compression": (f) => `compressed (${f.encoding}) without Accept-Encoding`,
  "status-wrong": (f) =>
    `expected ${f.expected}, got ${f.status}${f.status >= 400 ? ` ${show(f.body)}` : ""}`,
  "error-body-wrong": (f) =>
    `expected {"error":{"code":${f.status},"message":"…"}}, got ${show(f.body)}`,
  "write-body-not-empty": (f) => `a write or delete answers an empty body, got ${show(f.body)}`,
  "data-differs": (f) => `expected ${show(f.expected)}, got ${show(f.actual)}`,
  "content-type-not-json": (f) => `expected application/json, got ${show(f.contentType)}`,
  "head-body": () => "HEAD answered with a body",
  "allow-missing": () =>
    "405 without an Allow header, or (profile) one that leaves out GET or HEAD",
  "atom-status": (f) => `the JSON form answers 200, the Atom form ${f.status}`,
  "atom-content-type": (f) => `Atom asked for, ${show(f.contentType)} answered`,
  "atom-unreadable": (f) => `the Atom reader refuses the feed: ${f.issue} ${f.detail}`,
  "atom-differs": (f) =>
    `the Atom form differs from the JSON form: expected ${show(f.expected)}, got ${show(f.actual)}`,
  "atom-opensearch-ns": (f) => `OpenSearch element in ${show(f.uri)}, expected ${OSEARCH_NS}`,
  "atom-author-url-missing": () => "an entry's author has no url child",
  "atom-guid-wrong": (f) => `expected urn:guid:${f.expected}, got ${show(f.actual)}`,
  "atom-member-namespace": (f) => `a member element in ${show(f.uri)}, expected ${OPENSOCIAL_NS}`,
  "atom-key-escape": (f) => `the key ${show(f.key)} is written ${show(f.written)}`,
  "atom-items-per-page": () =>
    "itemsPerPage in an application-data feed, which is not paged (P-PAGE-4)",
  "atom-member-order": (f) =>
    `children in the order ${show(f.actual)}, the JSON form's members in ${show(f.expected)} (P-FMT-7)`,
  "atom-key-order": (f) =>
    `keys in the order first written: expected ${show(f.expected)}, got ${show(f.actual)}`,
  "no-answer": (f) => `no answer: ${f.transport}: ${f.detail}`,
  "fuzzer-broke": (f) => `the fuzzer broke: ${f.detail}`,
};

/** The words for one fuzz finding (without its statement and path). */
export function fuzzFindingText(f: Finding): string {
  return (FUZZ_FINDING_WORDS[f.code] as (f: Finding) => string)(f);
}
