/**
 * The Atom framing check: the defects a lenient reader lets through fail it; the allowed
 * variants (other prefixes, whitespace, extension elements) pass.
 */

import { describe, expect, it } from "vitest";
import type { Level } from "../../../src/conformance/case-types.js";
import { checkAtomFrame } from "../../../src/conformance/checks/atom-frame.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

const GOOD = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:osearch="http://a9.com/-/spec/opensearch/1.1">
  <osearch:startIndex>0</osearch:startIndex><osearch:totalResults>1</osearch:totalResults>
  <entry>
    <content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><score>10</score></appdata></content>
    <title/><updated/>
    <author><url>urn:guid:example.org:alice</url></author>
    <id>urn:guid:example.org:alice</id>
  </entry>
</feed>`;

function run(xml: string, level: Level = "profile") {
  const ctx: CheckContext = {
    response: { status: 200, headers: {}, body: Buffer.from(xml), ms: 0 },
    level,
    statement: "S-4.3-ATOM",
    template: { users: {}, namespace: "", unique: "", captures: new Map() },
    decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
    text: () => xml,
  };
  return checkAtomFrame({ atom: { kind: "appdata" } }, ctx);
}

const failures = (xml: string, level?: Level) =>
  run(xml, level)
    .filter((r) => !r.ok)
    .map(checkText);

/** Profile failures as `code statement`, the case citing P-FMT-4.2 (so a clause of its own shows). */
const cited = (xml: string, kind = "appdata") =>
  checkAtomFrame(
    { atom: { kind } as { kind: "appdata" }, statement: "P-FMT-4.2" },
    {
      response: { status: 200, headers: {}, body: Buffer.from(xml), ms: 0 },
      level: "profile",
      statement: "P-FMT-4.2",
      template: { users: {}, namespace: "", unique: "", captures: new Map() },
      decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
      text: () => xml,
    },
  )
    .filter((r) => !r.ok)
    .map((r) => `${r.finding.code} ${r.statement}`);

describe("Atom framing check", () => {
  it("passes the reference framing", () => {
    expect(failures(GOOD)).toEqual([]);
  });
  it.each([
    [
      "author uri",
      GOOD.replace(/<url>/, "<uri>").replace(/<\/url>/, "</uri>"),
      /author has 0 url children/,
    ],
    ["title text", GOOD.replace("<title/>", "<title>x</title>"), /title is not empty/],
    [
      "updated text",
      GOOD.replace("<updated/>", "<updated>2020-01-01T00:00:00Z</updated>"),
      /updated is not empty/,
    ],
    ["content type", GOOD.replace('type="application/xml"', 'type="text"'), /content type "text"/],
    ["id without urn", GOOD.replace("<id>urn:guid:", "<id>"), /is not urn:guid/],
    [
      "author differs",
      GOOD.replace("<url>urn:guid:example.org:alice", "<url>urn:guid:example.org:bob"),
      /differs from id/,
    ],
    ["no id", GOOD.replace(/<id>.*<\/id>/, ""), /0 atom:id elements/],
    [
      "order",
      GOOD.replace("<title/><updated/>", "<updated/><title/>"),
      /in order content, updated, title/,
    ],
    [
      "title in another namespace",
      GOOD.replace("<title/>", '<title xmlns="urn:x"/>'),
      /0 atom:title/,
    ],
  ])("fails on %s", (_name, xml, message) => {
    expect(failures(xml).join("; ")).toMatch(message);
  });
  it.each([
    'type="Application/XML"',
    'type="application/xml; charset=utf-8"',
    'type=" application/xml "',
  ])(
    "reads the content type as a media type: %s passes (RFC 4287 §4.1.3.1, RFC 6838 §4.2)",
    (attr) => {
      expect(failures(GOOD.replace('type="application/xml"', attr))).toEqual([]);
    },
  );
  it("takes an Atom uri for the url only at core level (P-FMT-5: readers accept it)", () => {
    const uri = GOOD.replace(/<url>/, "<uri>").replace(/<\/url>/, "</uri>");
    expect(failures(uri, "core")).toEqual([]);
    expect(failures(uri.replace("<uri>urn:guid:", "<uri>"), "core").join("; ")).toMatch(
      /author url "example\.org:alice" is not urn:guid/,
    );
    expect(failures(uri.replace(/<uri>.*<\/uri>/, ""), "core").join("; ")).toMatch(
      /author has 0 url children/,
    );
  });
  it.each(["profile", "core"] as const)(
    "takes the author url in any namespace at %s level (P-FMT-2 names none; P-FMT-5 strict mode writes the OpenSocial one)",
    (level) => {
      const os = GOOD.replace(
        "<url>",
        '<os:url xmlns:os="http://ns.opensocial.org/2008/opensocial">',
      ).replace("</url>", "</os:url>");
      expect(failures(os, level)).toEqual([]);
      expect(
        failures(os.replace("<os:url xmlns:os=", '<os:url xmlns:os="urn:x" data-ns='), level),
      ).toEqual([]);
      expect(
        failures(
          os.replace(":example.org:alice</os:url>", ":example.org:bob</os:url>"),
          level,
        ).join("; "),
      ).toMatch(/differs from id/);
      const two = GOOD.replace("</author>", "<url>urn:guid:example.org:alice</url></author>");
      expect(failures(two, level).join("; ")).toMatch(/author has 2 url children/);
    },
  );
  it("files what only the writers' rules see under the profile clause, at any case (P-FMT-2.3)", () => {
    const uri = GOOD.replace(/<url>/, "<uri>").replace(/<\/url>/, "</uri>");
    expect(cited(uri)).toEqual(["atom-frame-author-url-count P-FMT-2.3"]);
    expect(cited(uri, "person")).toEqual(["atom-frame-author-url-count P-FMT-7.5"]);
    const swapped = GOOD.replace("<title/><updated/>", "<updated/><title/>");
    expect(cited(swapped)).toEqual(["atom-frame-order P-FMT-2.3"]);
    expect(cited(swapped, "album")).toEqual(["atom-frame-order P-FMT-7.1"]);
    // people, albums and photos: each problem its own P-FMT-7 clause
    const other = GOOD.replace("<url>urn:guid:example.org:alice", "<url>urn:guid:example.org:bob");
    expect(cited(other, "person")).toEqual(["atom-frame-url-differs P-FMT-7.5"]);
    // the entry id is the wrong one when the url is the person's own id
    const person = GOOD.replace(
      '<appdata xmlns="http://ns.opensocial.org/2008/opensocial"><score>10</score></appdata>',
      '<person xmlns="http://ns.opensocial.org/2008/opensocial"><id>example.org:alice</id></person>',
    );
    const wrongId = person.replace(
      "<id>urn:guid:example.org:alice</id>",
      "<id>urn:guid:example.org:bob</id>",
    );
    expect(cited(wrongId, "person")).toEqual(["atom-frame-url-differs P-FMT-7.3"]);
    const wrongUrl = person.replace(
      "<url>urn:guid:example.org:alice",
      "<url>urn:guid:example.org:bob",
    );
    expect(cited(wrongUrl, "person")).toEqual(["atom-frame-url-differs P-FMT-7.5"]);
    expect(cited(GOOD.replace("<id>urn:guid:", "<id>"), "photos")).toEqual([
      "atom-frame-id-not-urn P-FMT-7.3",
    ]);
    // what core also sees keeps the case's clause
    expect(cited(GOOD.replace("<id>urn:guid:", "<id>"))).toEqual([
      "atom-frame-id-not-urn P-FMT-4.2",
      "atom-frame-url-differs P-FMT-4.2",
    ]);
    expect(cited(uri.replace(/<uri>.*<\/uri>/, ""))).toEqual([
      "atom-frame-author-url-count P-FMT-4.2",
    ]);
  });
  it("takes the urn:guid: prefix in any letter case at core only (RFC 8141 §3.1; P-FMT-2.3, P-FMT-7 write it lower case)", () => {
    const upper = GOOD.replace("<id>urn:guid:", "<id>URN:GUID:");
    const mixed = upper.replace("<url>urn:guid:", "<url>urn:GUID:");
    expect(failures(upper, "core")).toEqual([]);
    expect(failures(mixed, "core")).toEqual([]);
    // a different id is still a different id, whatever the prefix's case
    expect(
      failures(
        mixed.replace("<url>urn:GUID:example.org:alice", "<url>urn:GUID:example.org:Alice"),
        "core",
      ).join("; "),
    ).toMatch(/differs from id/);
    expect(cited(mixed, "appdata")).toEqual([
      "atom-frame-id-not-urn P-FMT-2.3",
      "atom-frame-url-not-urn P-FMT-2.3",
    ]);
    expect(cited(mixed, "person")).toEqual([
      "atom-frame-id-not-urn P-FMT-7.3",
      "atom-frame-url-not-urn P-FMT-7.5",
    ]);
  });
  it("checks the order only at profile level", () => {
    expect(failures(GOOD.replace("<title/><updated/>", "<updated/><title/>"), "core")).toEqual([]);
  });
  it.each([
    [
      "other prefixes",
      GOOD.replace(
        '<feed xmlns="http://www.w3.org/2005/Atom"',
        '<a:feed xmlns:a="http://www.w3.org/2005/Atom"',
      )
        .replace("</feed>", "</a:feed>")
        .replace(/<(\/?)(entry|content|title|updated|author|url|id)\b/g, "<$1a:$2"),
    ],
    [
      "whitespace",
      GOOD.replace("<title/>", "<title>  \n </title>")
        .replace(/<id>/, "<id>\n  ")
        .replace(/<\/id>/, "\n</id>"),
    ],
    ["extension elements", GOOD.replace("<title/>", '<x:ext xmlns:x="urn:ext">1</x:ext><title/>')],
  ])("passes %s", (_name, xml) => {
    expect(failures(xml)).toEqual([]);
  });
});
