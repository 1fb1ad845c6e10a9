/**
 * P-FMT-1's selection named when it is what broke (checks/format-selection.ts): at profile, an
 * answer in the representation the request did not select fails under the clause of the cue the
 * request used, every body check of the step; the status and the expected headers keep theirs,
 * an Atom body only mislabelled stays P-FMT-1.7's, and core is left as it was (§4.3 "not shown").
 */
import { describe, expect, it } from "vitest";
import type { ExpectSpec, Level } from "../../../src/conformance/case-types.js";
import { runChecks, type SelectionCues } from "../../../src/conformance/checks/index.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

const JSON_BODY = '{"entry":{},"startIndex":0,"totalResults":0}';
const ATOM_BODY =
  '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:osearch="http://a9.com/-/spec/opensearch/1.1">' +
  "<osearch:startIndex>0</osearch:startIndex><osearch:totalResults>0</osearch:totalResults></feed>";
const JSON_TYPE = "application/json; charset=utf-8";
const ATOM_TYPE = "application/atom+xml; charset=utf-8";
const ATOM_EXPECT: ExpectSpec = {
  status: 200,
  contentType: "atom",
  atom: { kind: "appdata" },
  json: [{ pointer: "/startIndex", equals: 0 }],
};
const JSON_EXPECT: ExpectSpec = { status: 200, contentType: "json", schema: { kind: "appdata" } };

function cited(
  expect: ExpectSpec,
  answer: { status?: number; type: string; body: string; headers?: Record<string, string> },
  cues: SelectionCues | undefined,
  level: Level = "profile",
): string[] {
  const response = {
    status: answer.status ?? 200,
    headers: { "content-type": answer.type, ...answer.headers },
    body: Buffer.from(answer.body),
    ms: 0,
  };
  const template = { users: {}, namespace: "", unique: "", captures: new Map() };
  const results = runChecks(expect, response, level, "P-FMT-3.2", template, undefined, cues);
  return [...new Set(results.filter((r) => !r.ok).map((r) => `${r.check}: ${r.statement}`))];
}

const byFormat = (format: string): SelectionCues => ({
  url: `http://127.0.0.1:1/os/0.8/appdata/@me/@self/@app?format=${format}`,
  headers: {},
});
const byAccept: SelectionCues = {
  url: "http://127.0.0.1:1/os/0.8/appdata/@me/@self/@app",
  headers: { Accept: "application/atom+xml" },
};

describe("a representation the request did not select", () => {
  it("JSON to format=atom: every failing body check is P-FMT-1.1's", () => {
    const got = cited(ATOM_EXPECT, { type: JSON_TYPE, body: JSON_BODY }, byFormat("atom"));
    expect(got.length).toBeGreaterThan(1);
    expect(got.every((c) => c.endsWith(": P-FMT-1.1"))).toBe(true);
    expect(got).toContain("content-type: P-FMT-1.1");
  });

  it("JSON to Accept: application/atom+xml without format: P-FMT-1.2's", () => {
    const got = cited(ATOM_EXPECT, { type: JSON_TYPE, body: JSON_BODY }, byAccept);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((c) => c.endsWith(": P-FMT-1.2"))).toBe(true);
  });

  it("Atom to format=json: P-FMT-1.1's, and the body is said to be an Atom feed", () => {
    const expectJson = { ...JSON_EXPECT, json: [{ pointer: "/startIndex", equals: 0 }] };
    const response = { type: ATOM_TYPE, body: ATOM_BODY };
    const got = cited(expectJson, response, byFormat("json"));
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((c) => c.endsWith(": P-FMT-1.1"))).toBe(true);
    const results = runChecks(
      expectJson,
      { status: 200, headers: { "content-type": ATOM_TYPE }, body: Buffer.from(ATOM_BODY), ms: 0 },
      "profile",
      "P-FMT-3.2",
      { users: {}, namespace: "", unique: "", captures: new Map() },
    );
    const atom = results.find((r) => !r.ok && r.finding.code === "body-is-atom");
    expect(atom?.finding).toEqual({ code: "body-is-atom" });
    expect(atom && checkText(atom)).toBe(
      "body is not JSON: the body is an Atom feed, not JSON: the server did not select JSON for this request",
    );
  });

  it("an empty body (HEAD) is judged by its label", () => {
    const headExpect: ExpectSpec = { status: 200, contentType: "atom" };
    expect(cited(headExpect, { type: JSON_TYPE, body: "" }, byFormat("atom"))).toEqual([
      "content-type: P-FMT-1.1",
    ]);
  });

  it("leaves the status and the expected headers their own clause", () => {
    const withHeader: ExpectSpec = {
      ...ATOM_EXPECT,
      headers: { "X-Trace": { equals: "1" } },
    };
    const got = cited(withHeader, { type: JSON_TYPE, body: JSON_BODY }, byFormat("atom"));
    expect(got).toContain("header X-Trace: P-FMT-3.2");
  });
});

describe("what stays as it was", () => {
  it("an Atom body labelled JSON is the label's failure (P-FMT-1.7), not the selection's", () => {
    expect(cited(ATOM_EXPECT, { type: JSON_TYPE, body: ATOM_BODY }, byFormat("atom"))).toEqual([
      "content-type: P-FMT-1.7",
    ]);
  });

  it("at core the case's own clause is named", () => {
    const got = cited(ATOM_EXPECT, { type: JSON_TYPE, body: JSON_BODY }, byFormat("atom"), "core");
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((c) => c.endsWith(": P-FMT-3.2"))).toBe(true);
  });

  it("an error status is not a selection failure", () => {
    const got = cited(
      ATOM_EXPECT,
      { status: 400, type: JSON_TYPE, body: '{"error":{"code":400,"message":"no"}}' },
      byFormat("atom"),
    );
    expect(got).toContain("status: P-FMT-3.2");
    expect(got.some((c) => c.endsWith("P-FMT-1.1"))).toBe(false);
  });

  it("an HTML page is no selection of either: the case's own clause", () => {
    const html = "<!DOCTYPE html><html><body>Bad gateway</body></html>";
    const got = cited(JSON_EXPECT, { type: "text/html", body: html }, byFormat("json"));
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((c) => c.endsWith(": P-FMT-3.2"))).toBe(true);
    const toAtom = cited(ATOM_EXPECT, { type: "text/html", body: html }, byFormat("atom"));
    expect(toAtom.every((c) => c.endsWith(": P-FMT-3.2"))).toBe(true);
  });

  it("an Atom feed after an XML declaration and a comment is still Atom", () => {
    const body = `<?xml version="1.0"?>\n<!-- x -->\n${ATOM_BODY}`;
    expect(cited(JSON_EXPECT, { type: ATOM_TYPE, body }, byFormat("json"))).toContain(
      "content-type: P-FMT-1.1",
    );
  });

  it("Accept with q=0 for Atom is no cue for it: JSON is the default, so nothing is renamed", () => {
    const refused: SelectionCues = {
      url: byAccept.url,
      headers: { accept: "application/atom+xml;q=0, application/json" },
    };
    const got = cited(ATOM_EXPECT, { type: JSON_TYPE, body: JSON_BODY }, refused);
    expect(got.every((c) => c.endsWith(": P-FMT-3.2"))).toBe(true);
  });

  it("an Accept that ranks the two types keeps the case's clauses: the ranking is its rule (P-FMT-1.8)", () => {
    const ranked: SelectionCues = {
      url: byAccept.url,
      headers: { accept: "application/json;q=0.5, application/atom+xml" },
    };
    const got = cited(ATOM_EXPECT, { type: JSON_TYPE, body: JSON_BODY }, ranked);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((c) => c.endsWith(": P-FMT-3.2"))).toBe(true);
  });

  it("a case that wants what the cue did not select is not renamed (format=atom, JSON wanted)", () => {
    const got = cited(JSON_EXPECT, { type: ATOM_TYPE, body: ATOM_BODY }, byFormat("atom"));
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((c) => c.endsWith(": P-FMT-3.2"))).toBe(true);
  });

  it("without the request's cues nothing is renamed", () => {
    const got = cited(ATOM_EXPECT, { type: JSON_TYPE, body: JSON_BODY }, undefined);
    expect(got.every((c) => c.endsWith(": P-FMT-3.2"))).toBe(true);
  });
});
