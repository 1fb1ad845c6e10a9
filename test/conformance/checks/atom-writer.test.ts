/**
 * The Atom writers' rules (profile level): each broken rule fails with its own statement; the
 * allowed variants (other prefixes, prefixed data elements) pass; core cases never apply them.
 */

import { describe, expect, it } from "vitest";
import type { ExpectSpec, Level } from "../../../src/conformance/case-types.js";
import { decodeAtom } from "../../../src/conformance/checks/atom.js";
import { checkAtomWriter } from "../../../src/conformance/checks/atom-writer.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

const APPDATA = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1">
  <opensearch:startIndex>0</opensearch:startIndex><opensearch:totalResults>1</opensearch:totalResults>
  <entry>
    <content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><_x0031_st>10</_x0031_st></appdata></content>
    <title/><updated/><author><url>urn:guid:example.org:alice</url></author><id>urn:guid:example.org:alice</id>
  </entry>
</feed>`;

const PHOTOS = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1">
  <opensearch:startIndex>0</opensearch:startIndex><opensearch:totalResults>1</opensearch:totalResults>
  <entry>
    <content type="application/xml"><mediaItem xmlns="http://ns.opensocial.org/2008/opensocial"><id>example.org:photo-1</id></mediaItem></content>
    <title/><updated/><author><url>urn:guid:example.org:alice</url></author><id>urn:guid:example.org:photo-1</id>
  </entry>
</feed>`;

function failures(xml: string, atom: NonNullable<ExpectSpec["atom"]>, level: Level = "profile") {
  const ctx: CheckContext = {
    response: { status: 200, headers: {}, body: Buffer.from(xml), ms: 0 },
    level,
    statement: "S-4.3-ATOM",
    template: {
      users: { viewer: "example.org:alice" },
      namespace: "example.org",
      unique: "",
      captures: new Map(),
    },
    decoded: () => ({ ok: false, finding: { code: "body-missing", expected: "JSON" } }),
    text: () => xml,
  };
  return checkAtomWriter(atom === undefined ? {} : { atom }, ctx)
    .filter((r) => !r.ok)
    .map((r) => `${r.statement}: ${checkText(r)}`);
}

describe("Atom writers' rules", () => {
  it("pass the reference's writing, and other prefixes for the same namespaces", () => {
    expect(failures(APPDATA, { kind: "appdata" })).toEqual([]);
    const prefixed = APPDATA.replace(
      '<appdata xmlns="http://ns.opensocial.org/2008/opensocial"><_x0031_st>10</_x0031_st></appdata>',
      '<d:appdata xmlns:d="http://ns.opensocial.org/2008/opensocial"><d:_x0031_st>10</d:_x0031_st></d:appdata>',
    );
    expect(failures(prefixed, { kind: "appdata" })).toEqual([]);
    expect(failures(PHOTOS, { kind: "photos", owner: "{viewer}" })).toEqual([]);
    // P-FMT-4.3: the escaped `_` of a literal `_x0031_`, and a letter's escape (which may be
    // such a literal left unescaped, named by the read-back), are not needless escapes.
    for (const name of ["k_x005F_x0031_", "_x0031__x005F_x0032_", "k_x0041_"])
      expect(failures(APPDATA.replaceAll("_x0031_st", name), { kind: "appdata" })).toEqual([]);
  });

  it.each([
    [
      "OpenSearch namespace with its slash",
      APPDATA.replace('opensearch/1.1"', 'opensearch/1.1/"'),
      /^P-FMT-2\.1: .*expected http:\/\/a9\.com\/-\/spec\/opensearch\/1\.1$/,
    ],
    [
      "a key in no namespace",
      APPDATA.replace("<_x0031_st>", '<_x0031_st xmlns="">'),
      /^P-FMT-3\.1: .*key element in namespace ""/,
    ],
    [
      "the data element as appData (P-FMT-3.1: readers accept it, writers write appdata)",
      APPDATA.replaceAll("appdata xmlns", "appData xmlns").replace("</appdata>", "</appData>"),
      /^P-FMT-3\.1: .*data element appData, expected appdata/,
    ],
    [
      "lower-case escape digits",
      APPDATA.replaceAll("_x0031_st", "_x002d_st"),
      /^P-FMT-4\.1: .*_x002d_ written with lower-case/,
    ],
    [
      "a literal _x00e9_ written raw: no writer escapes é (no key holds it), so its _ went unescaped",
      APPDATA.replaceAll("_x0031_st", "k_x00e9_"),
      /^P-FMT-4\.3: .*_x00e9_ in a key element's name is no escape a writer makes there/,
    ],
    [
      "a digit after the first character escaped (it is a name character there)",
      APPDATA.replaceAll("_x0031_st", "_x0031_s_x0032_t"),
      /^P-FMT-4\.1: .*name escape _x0032_ of a character that is a name character where it stands/,
    ],
    [
      "a - after the first character escaped",
      APPDATA.replaceAll("_x0031_st", "k_x002D_t"),
      /^P-FMT-4\.1: .*name escape _x002D_ of a character/,
    ],
  ])("%s fails", (_name, xml, message) => {
    const out = failures(xml, { kind: "appdata" });
    expect(out.length).toBeGreaterThan(0);
    for (const m of out) expect(m).toMatch(message);
  });

  it("a key starting with - written raw under a prefix (<o:-k>): the decoding refuses the document, located (Namespaces in XML [7])", () => {
    const xml = APPDATA.replace(
      '<appdata xmlns="http://ns.opensocial.org/2008/opensocial"><_x0031_st>10</_x0031_st></appdata>',
      '<o:appdata xmlns:o="http://ns.opensocial.org/2008/opensocial"><o:-k>10</o:-k></o:appdata>',
    );
    expect(failures(xml, { kind: "appdata" })).toEqual([]);
    expect(decodeAtom("appdata", xml)).toMatchObject({
      ok: false,
      finding: {
        code: "body-not-atom",
        issue: "xml-malformed",
        detail: expect.stringMatching(/o:-k is not a qualified name$/),
      },
      location: expect.stringMatching(/^\/feed\/entry\/content\/appdata \(line 5, column /),
    });
  });

  it("finds a photo entry's author url in any namespace (P-FMT-2, P-FMT-5)", () => {
    const os = PHOTOS.replace(
      "<url>urn:guid:example.org:alice</url>",
      '<os:url xmlns:os="http://ns.opensocial.org/2008/opensocial">urn:guid:example.org:photo-1</os:url>',
    );
    expect(failures(os, { kind: "photos", owner: "{viewer}" })).toEqual([
      expect.stringMatching(/^P-FMT-7\.5: /),
    ]);
  });

  it("fails a photo entry whose author is not the album owner (P-FMT-7.5)", () => {
    const xml = PHOTOS.replace(
      "<url>urn:guid:example.org:alice",
      "<url>urn:guid:example.org:photo-1",
    );
    expect(failures(xml, { kind: "photos", owner: "{viewer}" })).toEqual([
      expect.stringMatching(/^P-FMT-7\.5: .*expected the album owner urn:guid:example\.org:alice$/),
    ]);
  });

  it("applies only at profile level: readers tolerate the slash (core)", () => {
    const xml = APPDATA.replace('opensearch/1.1"', 'opensearch/1.1/"');
    expect(failures(xml, { kind: "appdata" }, "core")).toEqual([]);
  });
});
