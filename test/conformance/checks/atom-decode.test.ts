/** Decoding an Atom body for the pointer checks: a JSON answer is named as such. */
import { describe, expect, it } from "vitest";
import { ANSWER_ATOM_LIMITS } from "../../../src/conformance/checks/answer-limits.js";
import { atomIssueClause, decodeAtom } from "../../../src/conformance/checks/atom.js";
import { responseViews } from "../../../src/conformance/checks/index.js";
import { atomDataOrder } from "../../../src/conformance/checks/key-order.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";
import { LARGEST_ANSWER_BYTES } from "../../../src/conformance/transport/client-limits.js";

describe("decodeAtom", () => {
  it.each(['{"entry":{},"id":[]}', '  [{"id":"a"}]'])(
    "says a JSON body is JSON, not an XML syntax error (%s)",
    (text) => {
      const r = decodeAtom("appdata", text);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(checkText({ finding: r.finding })).toBe(
        "Atom appdata: the body is JSON, not an Atom feed: the server did not select Atom for this request [json-body]",
      );
    },
  );
  it("decodes ids outside §2.1's form (the cases about §2.1 judge it, not every Atom case)", () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1"><os:startIndex>0</os:startIndex><os:totalResults>1</os:totalResults><entry><content type="application/xml"><person xmlns="http://ns.opensocial.org/2008/opensocial"><id>acme.user</id><nickname>a</nickname><displayName>A</displayName><updated/><hasApp>true</hasApp><thumbnailUrl/></person></content><title/><updated/><author><url>urn:guid:acme.user</url></author><id>urn:guid:acme.user</id></entry></feed>`;
    const r = decodeAtom("person", xml);
    expect(r).toMatchObject({ ok: true, value: { entry: { id: "acme.user", hasApp: true } } });
  });
  it("names a feed without OpenSearch totalResults under the feed rule (S-4.3-ATOM.2, P-FMT-7.1)", () => {
    const person = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1"><os:startIndex>0</os:startIndex><entry><content type="application/xml"><person xmlns="http://ns.opensocial.org/2008/opensocial"><id>a:b</id><nickname>a</nickname><displayName>A</displayName><updated/><hasApp>true</hasApp><thumbnailUrl/></person></content><title/><updated/><author><url>urn:guid:a:b</url></author><id>urn:guid:a:b</id></entry></feed>`;
    const appdata = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1"><os:startIndex>0</os:startIndex></feed>`;
    expect(decodeAtom("person", person)).toMatchObject({ ok: false, statement: "P-FMT-7.1" });
    expect(decodeAtom("appdata", appdata)).toMatchObject({ ok: false, statement: "S-4.3-ATOM.2" });
  });
  it("still reports an XML fault of an XML body by the codec's issue", () => {
    const r = decodeAtom("appdata", "<feed");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.finding).toMatchObject({
      code: "body-not-atom",
      issue: expect.stringMatching(/^xml-/),
    });
  });
});

describe("atomIssueClause: the P-FMT-7 clause a people, album or photo decoding issue breaks", () => {
  const issue = (code: "invalid-type" | "missing-member", pointer: string, message: string) => ({
    code,
    pointer,
    message,
  });
  it.each([
    ["person", issue("invalid-type", "/entry/hasApp", "must be boolean"), "P-FMT-7.8"],
    ["albums", issue("invalid-type", "/entry/0/mediaItemCount", "must be integer"), "P-FMT-7.8"],
    ["person", issue("invalid-type", "/entry/addresses/0", "must be object"), "P-FMT-7.7"],
    ["albums", issue("invalid-type", "/entry/0/mediaMimeType", "must be array"), "P-FMT-7.6"],
    [
      "people",
      issue("missing-member", "/itemsPerPage", 'required member "itemsPerPage" is missing'),
      "P-FMT-7.1",
    ],
    // a feed without the OpenSearch members: the feed rule, whatever the case is about
    [
      "appdata",
      issue("missing-member", "/startIndex", 'required member "startIndex" is missing'),
      "S-4.3-ATOM.2",
    ],
    [
      "people",
      issue("missing-member", "/totalResults", 'required member "totalResults" is missing'),
      "P-FMT-7.1",
    ],
    // a member of an entry: the §2 clause that declares it, whatever the case is about
    [
      "people",
      issue("missing-member", "/entry/0/displayName", 'required member "displayName" is missing'),
      "S-2.6-PERSON-ALWAYS.1",
    ],
    [
      "person",
      issue("missing-member", "/entry/id", 'required member "id" is missing'),
      "S-2.6-PERSON-ALWAYS.1",
    ],
    ["photos", issue("missing-member", "/entry/0/url", "missing"), "S-2.3-PHOTO-FIELDS.1"],
    // what it cannot place keeps the case's clause
    ["appdata", issue("invalid-type", "/entry/x/k", "must be string"), undefined],
  ] as const)("%s %o → %s", (kind, i, clause) => {
    expect(atomIssueClause(kind, i)).toBe(clause);
  });

  /** A framing issue of the Atom reader, at `xpath`. */
  const framing = (
    code: "atom-missing" | "atom-namespace" | "atom-bad-id",
    xpath: string,
    message = "m",
  ) => ({
    code,
    pointer: "",
    message,
    xml: { xpath, line: 1, column: 1 },
  });
  it.each([
    ["people", framing("atom-namespace", "/feed"), "P-FMT-7.1"],
    ["appdata", framing("atom-namespace", "/feed"), "S-4.3-ATOM.1"],
    ["people", framing("atom-namespace", "/feed/startIndex"), "P-FMT-7.1"],
    ["appdata", framing("atom-namespace", "/feed/totalResults"), "S-4.3-ATOM.2"],
    ["person", framing("atom-namespace", "/feed/entry/content/person"), "P-FMT-7.2"],
    [
      "albums",
      framing("atom-missing", "/feed/entry/content", "content holds no album"),
      "P-FMT-7.2",
    ],
    ["people", framing("atom-missing", "/feed/entry", "entry has no content"), "P-FMT-7.2"],
    ["photos", framing("atom-bad-id", "/feed/entry/id"), "P-FMT-7.3"],
    ["people", framing("atom-missing", "/feed/entry", "entry has no id"), "P-FMT-7.3"],
    ["albums", framing("atom-bad-id", "/feed/entry/author/url"), "P-FMT-7.5"],
    ["people", framing("atom-missing", "/feed/entry", "entry has no author"), "P-FMT-7.5"],
    ["appdata", framing("atom-bad-id", "/feed/entry/author/url"), "S-4.3-ATOM.1"],
  ] as const)("%s, a framing issue %o → %s", (kind, i, clause) => {
    expect(atomIssueClause(kind, i)).toBe(clause);
  });
  it("a photo feed whose boolean is written as Python's True names P-FMT-7.8", () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:o="http://a9.com/-/spec/opensearch/1.1"><o:startIndex>0</o:startIndex><o:totalResults>1</o:totalResults><entry><content type="application/xml"><person xmlns="http://ns.opensocial.org/2008/opensocial"><id>example.org:alice</id><displayName>A</displayName><nickname>a</nickname><updated>2020-01-01T00:00:00Z</updated><hasApp>True</hasApp><thumbnailUrl>http://x/</thumbnailUrl><isViewer>true</isViewer><isOwner>true</isOwner></person></content><title/><updated/><author><url>urn:guid:example.org:alice</url></author><id>urn:guid:example.org:alice</id></entry></feed>`;
    const r = decodeAtom("person", xml);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.statement).toBe("P-FMT-7.8");
  });
});

describe("an answer's Atom over the reader's own 1 MiB default", () => {
  /** An appdata feed of one user's record, `keys` values of 60,000 characters each. */
  const feed = (keys: number) =>
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1"><os:startIndex>0</os:startIndex><os:totalResults>1</os:totalResults><entry><content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial">${Array.from({ length: keys }, (_, i) => `<k${i}>${"x".repeat(60_000)}</k${i}>`).join("")}</appdata></content><title/><updated/><author><url>urn:guid:a:b</url></author><id>urn:guid:a:b</id></entry></feed>`;

  it("a 2.4 MB feed (a record under P-DATA-7's 4 MiB) is read, its keys in order", () => {
    const xml = feed(40);
    expect(xml.length).toBeGreaterThan(2_000_000);
    const r = decodeAtom("appdata", xml);
    expect(
      r.ok && Object.keys((r.value as { entry: Record<string, object> }).entry["a:b"] ?? {}).length,
    ).toBe(40);
    expect(atomDataOrder(xml, "appdata").get("/entry/a:b")?.length).toBe(40);
  });

  it("past the default answer cap (4 MiB) it is read too: a run may raise the cap (--max-answer-bytes)", () => {
    const xml = feed(75);
    expect(xml.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(decodeAtom("appdata", xml).ok).toBe(true);
  });

  it("the reader's bound is the largest cap a run may set: the bound stays", () => {
    expect(ANSWER_ATOM_LIMITS.maxBytes).toBe(LARGEST_ANSWER_BYTES);
  });
});

describe("an Atom answer in UTF-16 (XML 1.0 §4.3.3: every XML processor reads it)", () => {
  const feed = `\ufeff<?xml version="1.0" encoding="UTF-16"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1"><os:startIndex>0</os:startIndex><os:totalResults>1</os:totalResults><entry><content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><k>é𝄞</k><a>1</a></appdata></content><title/><updated/><author><url>urn:guid:ns:a</url></author><id>urn:guid:ns:a</id></entry></feed>`;
  const answer = (body: Buffer) => ({
    status: 200,
    headers: { "content-type": "application/atom+xml; charset=utf-16" },
    body,
    ms: 0,
  });
  it("is decoded, its key order read, and its text shown, in either byte order", () => {
    const le = Buffer.from(feed, "utf16le");
    for (const body of [le, Buffer.from(le).swap16()]) {
      const views = responseViews({ atom: { kind: "appdata" } }, answer(body));
      expect(views.decoded()).toMatchObject({
        ok: true,
        value: { entry: { "ns:a": { k: "é𝄞" } } },
      });
      expect(views.textOrder?.().get("/entry/ns:a")).toEqual(["k", "a"]);
      expect(views.text()).toBe(feed);
    }
  });
  it("JSON is read as UTF-8 alone (RFC 8259 §8.1): a UTF-16 JSON body is no JSON", () => {
    const json = Buffer.from('\ufeff{"entry":{},"id":[]}', "utf16le");
    const views = responseViews({}, answer(json));
    expect(views.decoded()).toMatchObject({ ok: false, finding: { code: "body-not-json" } });
  });
});
