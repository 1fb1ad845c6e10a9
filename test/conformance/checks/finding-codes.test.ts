/**
 * Check finding codes, tested from their one table (checks/finding-codes.ts), as the step
 * failure codes are (run/step-failure.test.ts): every code is described and worded by the
 * reporters (reporters/check-text.ts), and each has a sample record whose words are pinned here,
 * letter for letter as the checks wrote them before findings became records. A new code without
 * a sample fails to compile (the sample table is typed by code).
 */
import { describe, expect, it } from "vitest";
import {
  FINDINGS,
  type Finding,
  type FindingCode,
} from "../../../src/conformance/checks/finding-codes.js";
import {
  checkText,
  FINDING_WORDS,
  findingText,
} from "../../../src/conformance/reporters/check-text.js";

const OS = "http://ns.opensocial.org/2008/opensocial";
const OSEARCH = "http://a9.com/-/spec/opensearch/1.1";

/** One record per code, and the words users read for it. */
const SAMPLES: { [C in FindingCode]: [Extract<Finding, { code: C }>, string] } = {
  "status-ok": [{ code: "status-ok", status: 200 }, "status 200"],
  "status-wrong": [
    { code: "status-wrong", status: 500, allowed: [200, 201], body: '{"error": 1}' },
    'status 500, expected 200 or 201 (body: {"error": 1})',
  ],
  "no-server-error-ok": [{ code: "no-server-error-ok", status: 200 }, "status 200, not 5xx"],
  "server-error": [{ code: "server-error", status: 503, body: "" }, "status 503, a server error"],
  "when-unmet": [
    { code: "when-unmet", status: 403, representation: "json" },
    "status 403 (json): the step's other checks apply only to the answers its `when` names",
  ],
  "content-type-missing": [
    { code: "content-type-missing", expected: "application/json" },
    "no Content-Type, expected application/json",
  ],
  "content-type-ok": [
    { code: "content-type-ok", header: "application/json; charset=utf-8" },
    "Content-Type application/json; charset=utf-8",
  ],
  "content-type-wrong": [
    { code: "content-type-wrong", header: "text/html", expected: "application/json" },
    'Content-Type "text/html", expected application/json',
  ],
  "header-absent-ok": [{ code: "header-absent-ok", name: "Location" }, "Location absent"],
  "header-absent-wrong": [
    { code: "header-absent-wrong", name: "Location", value: "/x" },
    "Location present: /x",
  ],
  "header-present-ok": [{ code: "header-present-ok", name: "ETag" }, "ETag present"],
  "header-present-wrong": [{ code: "header-present-wrong", name: "ETag" }, "ETag missing"],
  "header-equals": [
    { code: "header-equals", name: "Vary", value: undefined, expected: "Accept" },
    'Vary: absent, expected "Accept"',
  ],
  "header-includes-ok": [
    { code: "header-includes-ok", name: "Allow", tokens: ["GET", "PUT"] },
    "Allow includes GET, PUT",
  ],
  "header-includes-lacking": [
    { code: "header-includes-lacking", name: "Allow", value: "GET", lacking: ["PUT", "DELETE"] },
    'Allow "GET" lacks PUT, DELETE',
  ],
  "header-matches-ok": [
    { code: "header-matches-ok", name: "ETag", value: '"1"', pattern: '^"' },
    'ETag "\\"1\\"" matches /^"/',
  ],
  "header-matches-wrong": [
    { code: "header-matches-wrong", name: "ETag", value: undefined, pattern: "^W/" },
    "ETag absent does not match /^W//",
  ],
  "body-empty-ok": [{ code: "body-empty-ok" }, "empty body"],
  "body-not-empty": [
    { code: "body-not-empty", bytes: 2, contentLength: undefined },
    "body of 2 bytes (Content-Length absent), expected none",
  ],
  "body-excludes-ok": [
    { code: "body-excludes-ok", needle: "oauth_signature" },
    'body does not contain "oauth_signature"',
  ],
  "body-excludes-found": [
    { code: "body-excludes-found", needle: "oauth_signature", offset: 12 },
    'body contains "oauth_signature" at offset 12',
  ],
  "body-excludes-found-escaped": [
    { code: "body-excludes-found-escaped", needle: "a/é" },
    'body contains "a/é" once its escapes (JSON or XML) are undone',
  ],
  "body-excludes-too-short": [
    { code: "body-excludes-too-short", length: 2 },
    "a text of 2 characters is too short to tell from the body's own words: not looked for",
  ],
  "error-content-type": [
    { code: "error-content-type", contentType: undefined },
    "error Content-Type (none)",
  ],
  "error-body-not-json": [
    { code: "error-body-not-json", detail: "Unexpected end of JSON input" },
    "error body is not JSON: Unexpected end of JSON input",
  ],
  "error-body-ok": [{ code: "error-body-ok" }, "error body shape"],
  "error-body-invalid": [
    {
      code: "error-body-invalid",
      issues: [
        { pointer: "", message: "must have required property 'error'" },
        { pointer: "/x", message: "must NOT have additional properties" },
      ],
    },
    "/: must have required property 'error'; /x: must NOT have additional properties",
  ],
  "error-code": [
    { code: "error-code", errorCode: "404", status: 404 },
    `/error/code "404"; the answer's own status is 404 (the error body's code repeats it)`,
  ],
  "body-missing": [
    { code: "body-missing", expected: "an Atom feed" },
    "empty body, expected an Atom feed",
  ],
  "body-not-json": [
    { code: "body-not-json", detail: "Unexpected token < in JSON at position 0" },
    "body is not JSON: Unexpected token < in JSON at position 0",
  ],
  "body-not-atom": [
    { code: "body-not-atom", kind: "appdata", detail: "not XML", issue: "xml-malformed", more: 2 },
    "Atom appdata: not XML [xml-malformed] (+2 more)",
  ],
  "body-is-atom": [
    { code: "body-is-atom" },
    "body is not JSON: the body is an Atom feed, not JSON: the server did not select JSON for this request",
  ],
  "body-is-json": [
    { code: "body-is-json", kind: "people" },
    "Atom people: the body is JSON, not an Atom feed: the server did not select Atom for this request [json-body]",
  ],
  "schema-unknown-kind": [
    { code: "schema-unknown-kind", kind: "peeple" },
    "unknown schema kind peeple",
  ],
  "schema-ok": [{ code: "schema-ok", kind: "person" }, "valid person"],
  "schema-invalid": [
    { code: "schema-invalid", where: "/entry/id", detail: "must be string", issue: "type" },
    "/entry/id: must be string [type]",
  ],
  "atom-frame-ok": [{ code: "atom-frame-ok", entries: 3 }, "3 entries framed as §4.3 says"],
  "atom-frame-count": [
    { code: "atom-frame-count", xpath: "/feed/entry[1]", local: "id", count: 0 },
    "/feed/entry[1]: entry has 0 atom:id elements, expected 1",
  ],
  "atom-frame-namespace": [
    {
      code: "atom-frame-namespace",
      xpath: "/feed/entry[1]/content/appdata",
      local: "appdata",
      uri: "",
    },
    `/feed/entry[1]/content/appdata: appdata in namespace "", expected ${OS}`,
  ],
  "atom-frame-content-type": [
    { code: "atom-frame-content-type", xpath: "/feed/entry[1]/content", type: null },
    '/feed/entry[1]/content: content type null, expected "application/xml"',
  ],
  "atom-frame-not-empty": [
    { code: "atom-frame-not-empty", xpath: "/feed/entry[1]/title", local: "title", text: "Alice" },
    '/feed/entry[1]/title: title is not empty ("Alice")',
  ],
  "atom-frame-author-url-count": [
    { code: "atom-frame-author-url-count", xpath: "/feed/entry[1]/author", count: 2 },
    "/feed/entry[1]/author: author has 2 url children, expected 1 (in any namespace; core also takes an Atom uri)",
  ],
  "atom-frame-id-not-urn": [
    { code: "atom-frame-id-not-urn", xpath: "/feed/entry[1]/id", id: "alice" },
    '/feed/entry[1]/id: id "alice" is not urn:guid:<id>',
  ],
  "atom-frame-url-not-urn": [
    { code: "atom-frame-url-not-urn", xpath: "/feed/entry[1]/author/url", url: "alice" },
    '/feed/entry[1]/author/url: author url "alice" is not urn:guid:<id>',
  ],
  "atom-frame-url-differs": [
    {
      code: "atom-frame-url-differs",
      xpath: "/feed/entry[1]/author/url",
      url: "urn:guid:bob",
      id: "urn:guid:alice",
    },
    '/feed/entry[1]/author/url: author url "urn:guid:bob" differs from id "urn:guid:alice"',
  ],
  "atom-frame-order": [
    {
      code: "atom-frame-order",
      xpath: "/feed/entry[1]",
      seen: ["title", "content", "updated", "author", "id"],
      order: ["content", "title", "updated", "author", "id"],
    },
    "/feed/entry[1]: entry children in order title, content, updated, author, id, expected content, title, updated, author, id",
  ],
  "atom-writer-ok": [{ code: "atom-writer-ok" }, "written as the profile's writers' rules say"],
  "atom-writer-opensearch-ns": [
    { code: "atom-writer-opensearch-ns", xpath: "/feed/totalResults", uri: `${OSEARCH}/` },
    `/feed/totalResults: OpenSearch namespace written as ${OSEARCH}/, expected ${OSEARCH}`,
  ],
  "atom-writer-data-name": [
    { code: "atom-writer-data-name", xpath: "/feed/entry[1]/content/appData", local: "appData" },
    "/feed/entry[1]/content/appData: data element appData, expected appdata (readers accept appData; writers write appdata)",
  ],
  "atom-writer-key-namespace": [
    {
      code: "atom-writer-key-namespace",
      xpath: "/feed/entry[1]/content/appdata/k",
      uri: undefined,
    },
    `/feed/entry[1]/content/appdata/k: key element in namespace undefined, expected ${OS}`,
  ],
  "atom-writer-name-escape": [
    {
      code: "atom-writer-name-escape",
      xpath: "/feed/entry[1]/content/appdata/a_x002f_b",
      escape: "_x002f_",
    },
    "/feed/entry[1]/content/appdata/a_x002f_b: name escape _x002f_ written with lower-case hex digits",
  ],
  "atom-writer-name-escape-needless": [
    {
      code: "atom-writer-name-escape-needless",
      xpath: "/feed/entry[1]/content/appdata/k_x0031_",
      escape: "_x0031_",
    },
    "/feed/entry[1]/content/appdata/k_x0031_: name escape _x0031_ of a character that is a name character where it stands; only offending characters are escaped (or the key holds a literal _xHHHH_ whose _ was left unescaped, P-FMT-4.3)",
  ],
  "atom-writer-literal-unescaped": [
    {
      code: "atom-writer-literal-unescaped",
      xpath: "/feed/entry[1]/content/appdata/k_x00e9_",
      escape: "_x00e9_",
    },
    "/feed/entry[1]/content/appdata/k_x00e9_: _x00e9_ in a key element's name is no escape a writer makes there (readers decode it, either case): a literal _xHHHH_ in the key whose _ was not written as _x005F_ (P-FMT-4.3)",
  ],
  "atom-writer-author-owner": [
    {
      code: "atom-writer-author-owner",
      xpath: "/feed/entry[1]/author/url",
      url: "urn:guid:bob",
      owner: "alice",
    },
    '/feed/entry[1]/author/url: author url "urn:guid:bob", expected the album owner urn:guid:alice',
  ],
  "pointer-error": [
    {
      code: "pointer-error",
      problem: { code: "placeholder-not-captured", placeholder: "$nothing", capture: "nothing" },
    },
    "{$nothing}: nothing captured as nothing",
  ],
  "placeholder-unfilled": [
    { code: "placeholder-unfilled", problem: { code: "placeholder-unknown", placeholder: "boss" } },
    "case error: {boss}: unknown placeholder or role",
  ],
  "pointer-broken": [
    { code: "pointer-broken", where: "/entry/0/id", at: "/entry/0" },
    "/entry/0/id: nothing to check: the path breaks at /entry/0",
  ],
  "pointer-empty": [
    { code: "pointer-empty", where: "/entry/*/id", at: "/entry" },
    "/entry/*/id: nothing to check: /entry is empty (a check over no element proves nothing)",
  ],
  "pointer-absent-ok": [{ code: "pointer-absent-ok", where: "/entry/x" }, "/entry/x: absent"],
  "pointer-not-absent": [
    { code: "pointer-not-absent", where: "/entry/x", value: { a: 1 } },
    '/entry/x: expected absent, found {"a":1}',
  ],
  "pointer-missing": [
    { code: "pointer-missing", where: "/entry/*/id", at: "/entry/1/id" },
    "/entry/*/id: missing (/entry/1/id)",
  ],
  "pointer-present-ok": [{ code: "pointer-present-ok", where: "/entry" }, "/entry: present"],
  "pointer-not-object": [
    { code: "pointer-not-object", where: "/entry", value: [1] },
    "/entry: [1] is not an object",
  ],
  "pointer-not-list": [
    { code: "pointer-not-list", where: "/entry", value: undefined },
    "/entry: (absent) is not a list",
  ],
  "equals-ok": [{ code: "equals-ok", where: "/n", expected: 1 }, "/n: equals 1"],
  "equals-wrong": [
    { code: "equals-wrong", where: "/n", value: "2", expected: 1 },
    '/n: "2", expected 1',
  ],
  "equals-none": [
    { code: "equals-none", where: "/entry/*/n", expected: 1 },
    "/entry/*/n: no values, expected 1",
  ],
  "one-of-ok": [{ code: "one-of-ok", where: "/n" }, "/n: one of the allowed values"],
  "one-of-wrong": [
    { code: "one-of-wrong", where: "/n", value: 3, options: [1, 2] },
    "/n: 3, expected one of [1,2]",
  ],
  "type-ok": [
    { code: "type-ok", where: "/n", types: ["integer", "string"] },
    "/n: type integer|string",
  ],
  "type-wrong": [
    { code: "type-wrong", where: "/n", value: "1", types: ["integer", "null"], strict: true },
    '/n: "1" is not integer or null (strict)',
  ],
  "count-not-container": [
    { code: "count-not-container", where: "/n", value: 1 },
    "/n: 1 is neither an array nor an object",
  ],
  "count-ok": [{ code: "count-ok", where: "/entry", size: 2 }, "/entry: count 2"],
  "count-wrong": [
    { code: "count-wrong", where: "/entry", size: 2, expected: { min: 3 } },
    '/entry: count 2, expected {"min":3}',
  ],
  "at-least-ok": [
    { code: "at-least-ok", where: "/totalResults", bound: 3 },
    "/totalResults: at least 3",
  ],
  "at-least-wrong": [
    { code: "at-least-wrong", where: "/totalResults", value: 2, bound: 3 },
    "/totalResults: 2, expected at least 3",
  ],
  "above-ok": [
    { code: "above-ok", where: "/itemsPerPage", bound: 2 },
    "/itemsPerPage: greater than 2",
  ],
  "above-wrong": [
    { code: "above-wrong", where: "/itemsPerPage", value: "x", bound: 2 },
    '/itemsPerPage: "x", expected a number greater than 2',
  ],
  "bound-not-number": [
    { code: "bound-not-number", where: "/totalResults", rule: "atLeast", bound: "ns:a" },
    '/totalResults: case error: "atLeast" needs a number, got "ns:a"',
  ],
  "in-not-list": [{ code: "in-not-list", where: "/n", got: "x" }, '/n: "in" needs a list, got "x"'],
  "in-ok": [{ code: "in-ok", where: "/n", count: 4 }, "/n: all 4 values among the allowed"],
  "in-wrong": [
    { code: "in-wrong", where: "/n", value: 5, list: [1, 2] },
    "/n: 5 is not among [1,2]",
  ],
  "contains-ok": [{ code: "contains-ok", where: "/ids", expected: ["a"] }, '/ids: contains ["a"]'],
  "contains-lacking": [
    { code: "contains-lacking", where: "/ids", lacking: ["b"], values: ["a"] },
    '/ids: lacks ["b"] (has ["a"])',
  ],
  "has-not-object": [
    { code: "has-not-object", where: "/entry", got: [1] },
    '/entry: "has" needs an object, got [1]',
  ],
  "has-ok": [{ code: "has-ok", where: "/entry", count: 2 }, "/entry: has 2 members as expected"],
  "has-wrong": [
    { code: "has-wrong", where: "/entry", member: "id", value: undefined, expected: "a" },
    '/entry: member id: (absent), expected "a"',
  ],
  "lacks-not-list": [
    { code: "lacks-not-list", where: "/entry", got: "id" },
    '/entry: "lacks" needs a list, got "id"',
  ],
  "lacks-ok": [{ code: "lacks-ok", where: "/entry", lacks: ["x"] }, '/entry: none of ["x"]'],
  "lacks-present": [
    { code: "lacks-present", where: "/entry", present: ["x"] },
    '/entry: has ["x"], expected none of them',
  ],
  "same-members-ok": [{ code: "same-members-ok", where: "/entry" }, "/entry: the same members"],
  "same-members-wrong": [
    {
      code: "same-members-wrong",
      where: "/entry",
      at: "/entry/gender",
      value: undefined,
      expected: "f",
    },
    '/entry/gender: (absent), expected "f"',
  ],
  "sorted-ok": [{ code: "sorted-ok", where: "/ids" }, "/ids: in code point order"],
  "sorted-wrong": [
    { code: "sorted-wrong", where: "/ids", before: "b", after: "a" },
    '/ids: not in code point order: "b" before "a"',
  ],
  "keys-not-atom": [
    { code: "keys-not-atom", where: "/entry/alice" },
    "/entry/alice: case error: keys checks order, which only an Atom application-data record carries (P-FMT-3)",
  ],
  "keys-ok": [
    { code: "keys-ok", where: "/entry/alice", keys: ["a", "b"] },
    '/entry/alice: keys ["a","b"]',
  ],
  "keys-wrong": [
    { code: "keys-wrong", where: "/entry/alice", keys: undefined, expected: ["a"] },
    '/entry/alice: keys (absent), expected ["a"]',
  ],
  "member-order-unusable": [
    { code: "member-order-unusable", where: "/entry" },
    "/entry: case error: memberOrder compares an Atom body's children with JSON members or a list of names",
  ],
  "member-order-ok": [
    { code: "member-order-ok", where: "/entry", names: ["id", "nickname"] },
    '/entry: Atom children in the JSON order ["id","nickname"]',
  ],
  "member-order-wrong": [
    {
      code: "member-order-wrong",
      where: "/entry",
      names: ["nickname", "id"],
      expected: ["id", "nickname"],
    },
    '/entry: Atom children in the order ["nickname","id"], the JSON members in ["id","nickname"] (P-FMT-7: one child per JSON member, in the JSON order)',
  ],
  "matches-ok": [{ code: "matches-ok", where: "/id", pattern: "^a" }, "/id: matches /^a/"],
  "matches-wrong": [
    { code: "matches-wrong", where: "/id", value: 1, pattern: "^a" },
    "/id: 1 does not match /^a/",
  ],
  "string-rendering": [
    {
      code: "string-rendering",
      where: "/startIndex",
      at: "/startIndex",
      text: "0",
      declared: "number",
    },
    '/startIndex: the string "0" where the declared type is a number (P-FMT-6.3: writers write the declared type; core accepts it)',
  ],
  "capture-undecodable": [
    { code: "capture-undecodable", name: "id", body: { code: "body-missing", expected: "JSON" } },
    "capture id: empty body, expected JSON",
  ],
  "capture-missing": [
    { code: "capture-missing", name: "id", pointer: "/entry/id" },
    "capture id: nothing at /entry/id",
  ],
};

describe("check finding codes", () => {
  const codes = Object.keys(FINDINGS) as FindingCode[];

  it("every code is described, worded and sampled", () => {
    expect(Object.keys(FINDING_WORDS).sort()).toEqual([...codes].sort());
    expect(Object.keys(SAMPLES).sort()).toEqual([...codes].sort());
    for (const c of codes) expect(FINDINGS[c].length).toBeGreaterThan(0);
  });

  it.each(codes)("%s: the sample's words, letter for letter", (code) => {
    const [finding, words] = SAMPLES[code];
    expect(finding.code).toBe(code);
    expect(findingText(finding)).toBe(words);
    expect(checkText({ finding })).toBe(words);
  });

  it("words the edge cases the checks produce as before", () => {
    // A missing value with no concrete pointer; an Atom issue without a second; NaN counts.
    expect(findingText({ code: "pointer-missing", where: "/x", at: undefined })).toBe(
      "/x: missing",
    );
    expect(
      findingText({
        code: "body-not-atom",
        kind: "people",
        detail: undefined,
        issue: undefined,
        more: 0,
      }),
    ).toBe("Atom people: not a feed []");
    expect(findingText({ code: "count-wrong", where: "/e", size: 1, expected: Number.NaN })).toBe(
      "/e: count 1, expected NaN",
    );
    expect(
      findingText({
        code: "type-wrong",
        where: "/n",
        value: "x",
        types: ["integer"],
        strict: false,
      }),
    ).toBe('/n: "x" is not integer');
    expect(findingText({ code: "status-wrong", status: 404, allowed: [200], body: "" })).toBe(
      "status 404, expected 200",
    );
    const long = "x".repeat(200);
    expect(findingText({ code: "status-wrong", status: 500, allowed: [200], body: long })).toBe(
      `status 500, expected 200 (body: ${"x".repeat(157)}...)`,
    );
  });
});
