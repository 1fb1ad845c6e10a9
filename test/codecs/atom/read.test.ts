// The reader: namespace-aware and lenient where P-FMT-2/3 say
// so, and precise issues (code, JSON Pointer, XML path, line and column) where a document is wrong.
import { describe, expect, it } from "vitest";
import { fromAtom, toAtom } from "../../../src/codecs/atom/index.js";
import type { Issue } from "../../../src/model/issue.js";

const ATOM = "http://www.w3.org/2005/Atom";
const OS = "http://ns.opensocial.org/2008/opensocial";
const OSEARCH = "http://a9.com/-/spec/opensearch/1.1";

const alice = { score: "10", level: "3" };
const expected = {
  entry: { "example.org:alice": alice },
  id: ["example.org:alice"],
  startIndex: 0,
  totalResults: 1,
};

/** A one-entry appdata feed with replaceable parts. */
function feed(parts: { root?: string; head?: string; entry?: string; data?: string } = {}): string {
  const data = parts.data ?? `<appdata xmlns="${OS}"><score>10</score><level>3</level></appdata>`;
  const entry =
    parts.entry ??
    `<entry><content type="application/xml">${data}</content><title/><updated/><author><url>urn:guid:example.org:alice</url></author><id>urn:guid:example.org:alice</id></entry>`;
  const head = parts.head ?? "<os:startIndex>0</os:startIndex><os:totalResults>1</os:totalResults>";
  const root = parts.root ?? `<feed xmlns="${ATOM}" xmlns:os="${OSEARCH}">`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}${head}${entry}</feed>`;
}

function issuesOf(
  xml: string | Uint8Array,
  kind: "appdata" | "person" | "people" = "appdata",
): readonly Issue[] {
  const result = fromAtom(kind, xml);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.issues;
}

describe("fromAtom: what readers accept (P-FMT-2, P-FMT-3)", () => {
  it("refuses an id outside §2.1's form unless asked to accept any (a deployment's john.doe)", () => {
    const xml = `<feed xmlns="${ATOM}" xmlns:os="${OSEARCH}"><os:startIndex>0</os:startIndex><os:totalResults>1</os:totalResults><entry><content type="application/xml"><appdata xmlns="${OS}"><k>v</k></appdata></content><title/><updated/><author><url>urn:guid:john.doe</url></author><id>urn:guid:john.doe</id></entry></feed>`;
    const strict = fromAtom("appdata", xml);
    expect(strict.ok ? [] : strict.issues.map((i) => i.code)).toContain("pattern-mismatch");
    expect(fromAtom("appdata", xml, { anyIdForm: true })).toEqual({
      ok: true,
      value: {
        entry: { "john.doe": { k: "v" } },
        id: ["john.doe"],
        startIndex: 0,
        totalResults: 1,
      },
    });
  });
  it("reads the compact form with a default namespace", () => {
    expect(fromAtom("appdata", feed())).toEqual({ ok: true, value: expected });
  });
  it("reads the urn:guid: prefix in any letter case, the id as written (RFC 8141 §3.1, P-FMT-6)", () => {
    const entry = `<entry><content type="application/xml"><appdata xmlns="${OS}"><score>10</score><level>3</level></appdata></content><title/><updated/><author><url>urn:GUID:example.org:alice</url></author><id>URN:GUID:example.org:alice</id></entry>`;
    expect(fromAtom("appdata", feed({ entry }))).toEqual({ ok: true, value: expected });
  });
  it("reads any prefixes: prefixed Atom, prefixed OpenSocial, keys in another prefix", () => {
    const xml = `<a:feed xmlns:a="${ATOM}" xmlns:s="${OSEARCH}"><s:startIndex>0</s:startIndex><s:totalResults>1</s:totalResults><a:entry><a:id>urn:guid:example.org:alice</a:id><a:author><a:url>urn:guid:example.org:alice</a:url></a:author><a:content type="application/xml"><o:appdata xmlns:o="${OS}" xmlns:k="urn:keys"><k:score>10</k:score><o:level>3</o:level></o:appdata></a:content></a:entry></a:feed>`;
    expect(fromAtom("appdata", xml)).toEqual({ ok: true, value: expected });
  });
  it("reads appData as well as appdata", () => {
    const data = `<appData xmlns="${OS}"><score>10</score><level>3</level></appData>`;
    expect(fromAtom("appdata", feed({ data }))).toEqual({ ok: true, value: expected });
  });
  it("reads the published OpenSearch namespace with its trailing slash", () => {
    const root = `<feed xmlns="${ATOM}" xmlns:os="${OSEARCH}/">`;
    expect(fromAtom("appdata", feed({ root }))).toEqual({ ok: true, value: expected });
  });
  it("ignores extension elements, links, titles and dates it does not need", () => {
    const entry = `<entry xmlns:x="urn:ext"><x:rank>1</x:rank><link rel="alternate" href="http://e/x"/><id>urn:guid:example.org:alice</id><title type="text">Alice</title><updated>2026-01-01T00:00:00Z</updated><author><name>Alice</name><url>urn:guid:example.org:alice</url><x:extra/></author><content type="application/xml"><appdata xmlns="${OS}"><score>10</score><level>3</level></appdata></content></entry>`;
    const head = `<os:startIndex>0</os:startIndex><x:gen xmlns:x="urn:ext">kit</x:gen><os:totalResults>1</os:totalResults>`;
    expect(fromAtom("appdata", feed({ entry, head }))).toEqual({ ok: true, value: expected });
  });
  it("accepts an RFC 4287 author uri in place of url, and whitespace around ids and counts", () => {
    const entry = `<entry><content type="application/xml"><appdata xmlns="${OS}"><score>10</score><level>3</level></appdata></content><author><uri>urn:guid:example.org:alice</uri></author><id>\n  urn:guid:example.org:alice\n</id></entry>`;
    const head = "<os:startIndex> 0 </os:startIndex><os:totalResults>\n1\n</os:totalResults>";
    expect(fromAtom("appdata", feed({ entry, head }))).toEqual({ ok: true, value: expected });
  });
  it("reads CDATA, character references and escaped key names (hex in either case)", () => {
    const data = `<appdata xmlns="${OS}"><score><![CDATA[1]]>&#x30;</score><_x0031_st>a&amp;b</_x0031_st><_x002d_x>y</_x002d_x></appdata>`;
    const result = fromAtom("appdata", feed({ data }));
    expect(result).toEqual({
      ok: true,
      value: {
        ...expected,
        entry: { "example.org:alice": { score: "10", "1st": "a&b", "-x": "y" } },
      },
    });
  });
  it("reads UTF-8 bytes, with or without a byte order mark", () => {
    const bytes = new TextEncoder().encode(feed());
    expect(fromAtom("appdata", bytes)).toEqual({ ok: true, value: expected });
    expect(fromAtom("appdata", new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({
      ok: true,
      value: expected,
    });
  });
  it("keeps the order of integer-like keys when the writer gets a Map (P-FMT-3)", () => {
    const record = new Map([
      ["b", "1"],
      ["10", "2"],
      ["a", "3"],
    ]);
    const xml = toAtom("appdata", {
      entry: { "example.org:alice": record },
      id: ["example.org:alice"],
      startIndex: 0,
      totalResults: 1,
    });
    expect(xml.indexOf("<b>")).toBeLessThan(xml.indexOf("<_x0031_0>"));
    expect(xml.indexOf("<_x0031_0>")).toBeLessThan(xml.indexOf("<a>"));
  });
  it("reads numbers and booleans back to their declared types (P-FMT-6)", () => {
    const person = `<person xmlns="${OS}"><id>example.org:bob</id><nickname>bob</nickname><displayName>Bob</displayName><updated>u</updated><hasApp>true</hasApp><thumbnailUrl>t</thumbnailUrl><isGuest>false</isGuest></person>`;
    const entry = `<entry><content type="application/xml">${person}</content><author><url>urn:guid:example.org:bob</url></author><id>urn:guid:example.org:bob</id></entry>`;
    const head =
      "<os:startIndex>0</os:startIndex><os:itemsPerPage>50</os:itemsPerPage><os:totalResults>1</os:totalResults>";
    const result = fromAtom("people", feed({ entry, head }));
    expect(result.ok && result.value.entry[0]).toEqual({
      id: "example.org:bob",
      nickname: "bob",
      displayName: "Bob",
      updated: "u",
      hasApp: true,
      thumbnailUrl: "t",
      isGuest: false,
    });
    expect(result.ok && result.value.itemsPerPage).toBe(50);
  });
});

describe("fromAtom: issues a conformance checker needs (with XML path, line, column)", () => {
  it("root that is not a feed → atom-missing", () => {
    expect(issuesOf(`<rss/>`)).toMatchObject([
      { code: "atom-missing", pointer: "", xml: { xpath: "/rss", line: 1 } },
    ]);
  });
  it("feed in another namespace → atom-namespace", () => {
    expect(
      issuesOf(feed({ root: `<feed xmlns="http://purl.org/atom/ns#" xmlns:os="${OSEARCH}">` })),
    ).toMatchObject([{ code: "atom-namespace", xml: { xpath: "/feed", line: 2 } }]);
  });
  it("feed without a namespace → atom-namespace", () => {
    expect(issuesOf(feed({ root: `<feed xmlns:os="${OSEARCH}">` }))[0]).toMatchObject({
      code: "atom-namespace",
    });
  });
  it("appdata in the wrong namespace → atom-namespace at the element", () => {
    const data = `<appdata xmlns="http://ns.opensocial.org/2008/opensocial/"><score>1</score></appdata>`;
    expect(issuesOf(feed({ data }))).toMatchObject([
      { code: "atom-namespace", pointer: "/id/0", xml: { xpath: "/feed/entry/content/appdata" } },
    ]);
  });
  it("OpenSearch members in the wrong namespace, or missing → atom-namespace, atom-missing", () => {
    const head = `<startIndex>0</startIndex>`;
    expect(issuesOf(feed({ head })).map((i) => [i.code, i.pointer])).toEqual([
      ["atom-namespace", "/startIndex"],
      ["atom-missing", "/totalResults"],
    ]);
  });
  it("entry without id, without author, author without url → atom-missing each", () => {
    const data = `<appdata xmlns="${OS}"/>`;
    const entries = [
      `<entry><content type="application/xml">${data}</content><author><url>urn:guid:a:b</url></author></entry>`,
      `<entry><content type="application/xml">${data}</content><id>urn:guid:a:c</id></entry>`,
      `<entry><content type="application/xml">${data}</content><author><name>n</name></author><id>urn:guid:a:d</id></entry>`,
    ];
    const issues = issuesOf(feed({ entry: entries.join("\n") }));
    expect(issues.map((i) => [i.code, i.pointer, i.xml?.xpath, i.xml?.line])).toEqual([
      ["atom-missing", "/id/0", "/feed/entry[1]", 2],
      ["atom-missing", "/id/1", "/feed/entry[2]", 3],
      ["atom-missing", "/id/2", "/feed/entry[3]/author", 4],
    ]);
    expect(issues[0]?.message).toMatch(/no id/);
  });
  it("id or author url without urn:guid: → atom-bad-id at the element", () => {
    const entry = `<entry><content type="application/xml"><appdata xmlns="${OS}"/></content><author><url>http://x/alice</url></author>\n<id>example.org:alice</id></entry>`;
    const issues = issuesOf(feed({ entry }));
    expect(issues.map((i) => [i.code, i.xml?.xpath, i.xml?.line])).toEqual([
      ["atom-bad-id", "/feed/entry/id", 3],
      ["atom-bad-id", "/feed/entry/author/url", 2],
    ]);
  });
  it("an id in another namespace → atom-namespace", () => {
    const entry = `<entry><content type="application/xml"><appdata xmlns="${OS}"/></content><author><url>urn:guid:a:b</url></author><id xmlns="urn:other">urn:guid:a:b</id></entry>`;
    expect(issuesOf(feed({ entry }))).toMatchObject([
      { code: "atom-namespace", xml: { xpath: "/feed/entry/id" } },
    ]);
  });
  it("a key element holding elements → atom-bad-value", () => {
    const data = `<appdata xmlns="${OS}"><score><b>1</b></score></appdata>`;
    expect(issuesOf(feed({ data }))).toMatchObject([
      {
        code: "atom-bad-value",
        pointer: "/entry/example.org:alice/score",
        xml: { xpath: "/feed/entry/content/appdata/score" },
      },
    ]);
  });
  it("a key outside P-DATA-1 → a schema issue located at its element", () => {
    const data = `<appdata xmlns="${OS}"><score>1</score><_x0020_>1</_x0020_></appdata>`;
    const issues = issuesOf(feed({ data }));
    expect(issues[0]).toMatchObject({
      pointer: "/entry/example.org:alice/ ",
      xml: { xpath: "/feed/entry/content/appdata/_x0020_" },
    });
  });
  it("a value with the wrong type → schema issue located at the member element", () => {
    const person = `<person xmlns="${OS}"><id>example.org:bob</id><nickname>bob</nickname><displayName>Bob</displayName><updated>u</updated><hasApp>maybe</hasApp><thumbnailUrl>t</thumbnailUrl></person>`;
    const entry = `<entry><content type="application/xml">${person}</content><author><url>urn:guid:example.org:bob</url></author><id>urn:guid:example.org:bob</id></entry>`;
    const head =
      "<os:startIndex>0</os:startIndex><os:itemsPerPage>x</os:itemsPerPage><os:totalResults>1</os:totalResults>";
    const issues = issuesOf(feed({ entry, head }), "people");
    expect(issues.map((i) => [i.pointer, i.xml?.xpath])).toEqual(
      expect.arrayContaining([
        ["/entry/0/hasApp", "/feed/entry/content/person/hasApp"],
        ["/itemsPerPage", "/feed/itemsPerPage"],
      ]),
    );
  });
  it("a feed member's schema issue is placed at its own element and line, not the feed's", () => {
    const head = "<os:startIndex>0</os:startIndex>\n<os:totalResults>x</os:totalResults>";
    const issues = issuesOf(feed({ head }));
    expect(issues.map((i) => [i.pointer, i.xml?.xpath, i.xml?.line])).toEqual(
      expect.arrayContaining([["/totalResults", "/feed/totalResults", 3]]),
    );
  });
  it("an appdata entry's id outside §2.1's form is placed at that entry's id element", () => {
    const entry = `<entry><content type="application/xml"><appdata xmlns="${OS}"><a>1</a></appdata></content>\n<author><url>urn:guid:nocolon</url></author>\n<id>urn:guid:nocolon</id></entry>`;
    const issues = issuesOf(feed({ entry }));
    expect(issues.map((i) => [i.pointer, i.xml?.xpath, i.xml?.line])).toEqual(
      expect.arrayContaining([["/id/0", "/feed/entry/id", 4]]),
    );
  });
  it("a person feed with two entries → too-many", () => {
    const person = `<person xmlns="${OS}"><id>a:b</id><nickname>b</nickname><displayName>B</displayName><updated>u</updated><hasApp>true</hasApp><thumbnailUrl>t</thumbnailUrl></person>`;
    const one = `<entry><content type="application/xml">${person}</content><author><url>urn:guid:a:b</url></author><id>urn:guid:a:b</id></entry>`;
    expect(issuesOf(feed({ entry: one + one }), "person")).toMatchObject([
      { code: "too-many", pointer: "/entry" },
    ]);
  });
  it("an unknown kind → unknown-kind", () => {
    expect(fromAtom("albumz" as "albums", feed())).toMatchObject({
      ok: false,
      issues: [{ code: "unknown-kind" }],
    });
  });
});

describe("fromAtom: documents that are not well-formed", () => {
  const cases: [string, string | Uint8Array, string][] = [
    ["unclosed element", `<feed xmlns="${ATOM}">\n<entry>`, "xml-malformed"],
    ["mismatched tags", `<feed xmlns="${ATOM}"><a></b></feed>`, "xml-malformed"],
    [
      "undeclared entity",
      feed({ data: `<appdata xmlns="${OS}"><k>&nbsp;</k></appdata>` }),
      "xml-malformed",
    ],
    ["unbound prefix", `<x:feed/>`, "xml-malformed"],
    ["two roots", `<feed xmlns="${ATOM}"/><feed xmlns="${ATOM}"/>`, "xml-malformed"],
    ["empty document", "", "xml-malformed"],
    ["text only", "not xml at all", "xml-malformed"],
    [
      "C0 control in text",
      feed({ data: `<appdata xmlns="${OS}"><k>a\u0001b</k></appdata>` }),
      "xml-invalid-char",
    ],
    [
      "reference to a C0 control",
      feed({ data: `<appdata xmlns="${OS}"><k>&#1;</k></appdata>` }),
      "xml-invalid-char",
    ],
    [
      "reference to a surrogate",
      feed({ data: `<appdata xmlns="${OS}"><k>&#xD800;</k></appdata>` }),
      "xml-invalid-char",
    ],
    [
      "reference to U+FFFE",
      feed({ data: `<appdata xmlns="${OS}"><k>&#xFFFE;</k></appdata>` }),
      "xml-invalid-char",
    ],
    [
      "lone surrogate in the text",
      feed({ data: `<appdata xmlns="${OS}"><k>\uD800</k></appdata>` }),
      "xml-invalid-char",
    ],
    [
      "U+FFFF in the text",
      feed({ data: `<appdata xmlns="${OS}"><k>\uFFFF</k></appdata>` }),
      "xml-invalid-char",
    ],
    [
      "bytes that are not UTF-8",
      new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]),
      "xml-invalid-char",
    ],
    [
      "XML 1.1 control characters",
      `<?xml version="1.1"?><feed xmlns="${ATOM}">&#1;</feed>`,
      "xml-invalid-char",
    ],
  ];
  for (const [name, xml, code] of cases) {
    it(`${name} → ${code}`, () => {
      const issues = issuesOf(xml);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.code).toBe(code);
    });
  }
  it("reports the line and column of a syntax error", () => {
    const issues = issuesOf(`<feed xmlns="${ATOM}">\n  <entry>\n    <id>x</i>\n`);
    expect(issues[0]).toMatchObject({ code: "xml-malformed", xml: { line: 3 } });
    expect(issues[0]?.xml?.column).toBeGreaterThan(5);
  });
  it("places an issue as XmlLocation says: 1-based, the last character read, in characters", () => {
    const at = (xml: string) => issuesOf(xml).map((i) => [i.xml?.line, i.xml?.column]);
    // the `>` of the end tag that does not match; a surrogate pair counts one character
    expect(at("<feed>\n  <x></y>\n</feed>")).toEqual([[2, 9]]);
    expect(at("<feed>\n\u{1F600}<x></y>\n</feed>")).toEqual([[2, 8]]);
    // the character XML cannot carry, itself
    expect(at("<feed>\n  <x>\u0001</x></feed>")).toEqual([[2, 6]]);
    // a structural issue: the `>` that ends the element's start tag
    expect(at(`<feed xmlns="${ATOM}">\n  <entry/></feed>`)[2]).toEqual([2, 10]);
    // no character read: column 0
    expect(at("")).toEqual([[1, 0]]);
  });
  it("never throws for a non-string input", () => {
    expect(fromAtom("appdata", 42 as unknown as string)).toMatchObject({
      ok: false,
      issues: [{ code: "xml-malformed" }],
    });
  });
});

describe("fromAtom: numbers as their JSON text (P-FMT-7.8)", () => {
  /** An album feed whose mediaItemCount is written `count`, and a photo feed whose fileSize is. */
  const album = (count: string) =>
    `<feed xmlns="${ATOM}" xmlns:o="${OSEARCH}"><o:startIndex>0</o:startIndex><o:itemsPerPage>20</o:itemsPerPage><o:totalResults>1</o:totalResults><entry><content type="application/xml"><album xmlns="${OS}"><id>example.org:a1</id><title>t</title><caption>c</caption><description>d</description><thumbnailUrl>u</thumbnailUrl><mediaItemCount>${count}</mediaItemCount><ownerId>example.org:alice</ownerId><mediaMimeType>image/jpeg</mediaMimeType></album></content><title/><updated/><author><url>urn:guid:example.org:alice</url></author><id>urn:guid:example.org:a1</id></entry></feed>`;
  const photo = (size: string) =>
    `<feed xmlns="${ATOM}" xmlns:o="${OSEARCH}"><o:startIndex>0</o:startIndex><o:itemsPerPage>20</o:itemsPerPage><o:totalResults>1</o:totalResults><entry><content type="application/xml"><mediaItem xmlns="${OS}"><id>example.org:p1</id><albumId>example.org:a1</albumId><title>t</title><description>d</description><fileSize>${size}</fileSize><thumbnailUrl>u</thumbnailUrl><url>v</url></mediaItem></content><title/><updated/><author><url>urn:guid:example.org:alice</url></author><id>urn:guid:example.org:p1</id></entry></feed>`;

  it("reads an integer written as any JSON number of that value (20.0, 2E1, 200e-1; RFC 8259 §6)", () => {
    for (const text of ["20", "20.0", "2E1", "200e-1", "20e+0", "2.0E1"]) {
      const albums = fromAtom("albums", album(text));
      expect(albums.ok && albums.value.entry[0]?.mediaItemCount).toBe(20);
      const photos = fromAtom("photos", photo(text));
      expect(photos.ok && photos.value.entry[0]?.fileSize).toBe(20);
    }
  });

  it("still refuses a text that is no JSON number, or no integer", () => {
    for (const text of ["20.5", "020", "+20", "0x14", "20.", ".5e2x", " 2 0", "1e400", "twenty"]) {
      expect(fromAtom("albums", album(text)).ok, text).toBe(false);
      expect(fromAtom("photos", photo(text)).ok, text).toBe(false);
    }
  });
});
