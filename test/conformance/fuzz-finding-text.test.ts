/**
 * Fuzz finding codes, tested from their one table (fuzz/finding-codes.ts) as the checks' are
 * (checks/finding-codes.test.ts): every code is described and worded by the reporters
 * (reporters/fuzz-finding-text.ts), and each has a sample record whose words are pinned here,
 * letter for letter as the judge wrote them before findings became records. A new code without
 * a sample fails to compile (the sample table is typed by code).
 */
import { describe, expect, it } from "vitest";
import {
  type Finding,
  FUZZ_FINDINGS,
  type FuzzFindingCode,
} from "../../src/conformance/fuzz/finding-codes.js";
import { FuzzFailure } from "../../src/conformance/fuzz/judge.js";
import {
  FUZZ_FINDING_WORDS,
  fuzzFindingText,
} from "../../src/conformance/reporters/fuzz-finding-text.js";

const OS = "http://ns.opensocial.org/2008/opensocial";
const OSEARCH = "http://a9.com/-/spec/opensearch/1.1";
const at = { statement: "P-X-1", path: "/p" } as const;

/** One record per code, and the words users read for it. */
const SAMPLES: { [C in FuzzFindingCode]: [Extract<Finding, { code: C }>, string] } = {
  "body-not-json": [
    { ...at, code: "body-not-json", detail: "Unexpected token", body: "<html>" },
    'the body is not JSON (Unexpected token): "<html>"',
  ],
  "server-error": [
    { ...at, code: "server-error", status: 500 },
    "status 500 to a request a client can send",
  ],
  "unasked-compression": [
    { ...at, code: "unasked-compression", encoding: "gzip" },
    "compressed (gzip) without Accept-Encoding",
  ],
  "status-wrong": [
    { ...at, code: "status-wrong", expected: 200, status: 404, body: '{"error":1}' },
    'expected 200, got 404 "{\\"error\\":1}"',
  ],
  "error-body-wrong": [
    { ...at, code: "error-body-wrong", status: 404, body: { error: "no" } },
    'expected {"error":{"code":404,"message":"…"}}, got {"error":"no"}',
  ],
  "write-body-not-empty": [
    { ...at, code: "write-body-not-empty", body: "{}" },
    'a write or delete answers an empty body, got "{}"',
  ],
  "data-differs": [
    { ...at, code: "data-differs", expected: "a", actual: undefined },
    'expected "a", got (absent)',
  ],
  "content-type-not-json": [
    { ...at, code: "content-type-not-json", contentType: "text/html" },
    'expected application/json, got "text/html"',
  ],
  "head-body": [{ ...at, code: "head-body" }, "HEAD answered with a body"],
  "allow-missing": [
    { ...at, code: "allow-missing" },
    "405 without an Allow header, or (profile) one that leaves out GET or HEAD",
  ],
  "atom-status": [
    { ...at, code: "atom-status", status: 406 },
    "the JSON form answers 200, the Atom form 406",
  ],
  "atom-content-type": [
    { ...at, code: "atom-content-type", contentType: "application/json" },
    'Atom asked for, "application/json" answered',
  ],
  "atom-unreadable": [
    { ...at, code: "atom-unreadable", issue: "xml-syntax", detail: "unclosed tag" },
    "the Atom reader refuses the feed: xml-syntax unclosed tag",
  ],
  "atom-differs": [
    { ...at, code: "atom-differs", expected: 1, actual: "1" },
    'the Atom form differs from the JSON form: expected 1, got "1"',
  ],
  "atom-opensearch-ns": [
    { ...at, code: "atom-opensearch-ns", uri: `${OSEARCH}/` },
    `OpenSearch element in "${OSEARCH}/", expected ${OSEARCH}`,
  ],
  "atom-author-url-missing": [
    { ...at, code: "atom-author-url-missing" },
    "an entry's author has no url child",
  ],
  "atom-guid-wrong": [
    { ...at, code: "atom-guid-wrong", expected: "john", actual: "jane" },
    'expected urn:guid:john, got "jane"',
  ],
  "atom-member-namespace": [
    { ...at, code: "atom-member-namespace", uri: "" },
    `a member element in "", expected ${OS}`,
  ],
  "atom-key-escape": [
    { ...at, code: "atom-key-escape", key: "1a", written: "_x0031_a" },
    'the key "1a" is written "_x0031_a"',
  ],
  "atom-items-per-page": [
    { ...at, code: "atom-items-per-page" },
    "itemsPerPage in an application-data feed, which is not paged (P-PAGE-4)",
  ],
  "atom-member-order": [
    { ...at, code: "atom-member-order", expected: ["id", "title"], actual: ["title", "id"] },
    'children in the order ["title","id"], the JSON form\'s members in ["id","title"] (P-FMT-7)',
  ],
  "atom-key-order": [
    { ...at, code: "atom-key-order", expected: ["a", "b"], actual: ["b", "a"] },
    'keys in the order first written: expected ["a","b"], got ["b","a"]',
  ],
  "no-answer": [
    { ...at, code: "no-answer", transport: "ECONNRESET", detail: "socket hang up" },
    "no answer: ECONNRESET: socket hang up",
  ],
  "fuzzer-broke": [
    { ...at, code: "fuzzer-broke", detail: "Error: boom" },
    "the fuzzer broke: Error: boom",
  ],
};

describe("fuzz finding codes", () => {
  it("every code is described and worded", () => {
    const codes = Object.keys(FUZZ_FINDINGS).sort();
    expect(Object.keys(FUZZ_FINDING_WORDS).sort()).toEqual(codes);
    expect(Object.keys(SAMPLES).sort()).toEqual(codes);
    for (const code of codes) expect(FUZZ_FINDINGS[code as FuzzFindingCode]).not.toBe("");
  });

  it.each(Object.values(SAMPLES))("words %j as the judge did", (finding, words) => {
    expect(fuzzFindingText(finding)).toBe(words);
  });

  it("a status below 400 is worded without the body", () => {
    expect(
      fuzzFindingText({ ...at, code: "status-wrong", expected: 201, status: 200, body: "{}" }),
    ).toBe("expected 201, got 200");
  });

  it("FuzzFailure's message names the statement, the path and the code", () => {
    expect(new FuzzFailure(SAMPLES["head-body"][0]).message).toBe("P-X-1 at /p: head-body");
  });
});
