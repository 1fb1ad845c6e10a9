/**
 * Well-formedness rules the scanner (src/codecs/atom/xml/scan.ts) shared with saxes, so that the
 * differential test against saxes could not see them broken: white space after a PI target
 * (XML 1.0 [16]), NCNames for local parts and declared prefixes (Namespaces in XML 1.0 [4], [7],
 * [8], [9], [10]), namespace names taken as the normalised attribute value and nothing more
 * (Namespaces §2, XML 1.0 §3.3.3), and declared encodings (XML 1.0 §4.3.3).
 */
import { describe, expect, it } from "vitest";
import { parseXmlDocument } from "../../../src/codecs/atom/read.js";
import { parseTree, type XmlElement } from "../../../src/codecs/atom/tree.js";

const ATOM = "http://www.w3.org/2005/Atom";

function code(text: string | Uint8Array): string {
  const r = parseXmlDocument(text);
  return r.ok ? "ok" : (r.issues[0]?.code ?? "?");
}

function issue(text: string | Uint8Array) {
  const r = parseXmlDocument(text);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(text)}`);
  return r.issues[0];
}

function root(text: string | Uint8Array): XmlElement {
  const r = parseXmlDocument(text);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

describe("processing instructions: white space after the target unless ?> follows (XML 1.0 [16])", () => {
  it("refuses a ? after the target that does not end the PI", () => {
    for (const text of ["<?t??><a/>", "<a><?t?x?></a>", "<a><?t??></a>", "<a/><?t?a ?>"]) {
      expect(code(text), text).toBe("xml-malformed");
    }
    expect(issue("<a><?t?x?></a>")?.message).toMatch(/white space/);
  });
  it("accepts a PI ended at once, or with white space and any data", () => {
    for (const text of ["<?t?><a/>", "<a><?t ??></a>", "<a><?t ?x?></a>", "<a><?t\n?></a>"]) {
      expect(code(text), text).toBe("ok");
    }
  });
});

describe("names: local parts and declared prefixes are NCNames (Namespaces in XML 1.0 [4], [7])", () => {
  it("refuses an element whose local part does not start with a name start character", () => {
    for (const text of [
      '<a:- xmlns:a="u"/>',
      '<a:1 xmlns:a="u"/>',
      '<a:.b xmlns:a="u"/>',
      '<a:\u00b7 xmlns:a="u"/>',
      '<a:\u0300x xmlns:a="u"/>',
    ]) {
      expect(code(text), text).toBe("xml-malformed");
    }
  });
  it("refuses such an attribute name, and such a declared prefix", () => {
    for (const text of [
      '<a xmlns:b="u" b:-="1"/>',
      '<a xmlns:b="u" b:9="1"/>',
      '<a xmlns:-="u"/>',
      '<a xmlns:1="u"/>',
      '<a xmlns:.p="u"/>',
    ]) {
      expect(code(text), text).toBe("xml-malformed");
    }
    expect(issue('<a xmlns:-="u"/>')?.message).toMatch(/xmlns:- is not a qualified name/);
  });
  it("accepts local parts that start with a letter or _ and go on with digits, - and .", () => {
    const el = root('<a:b-1.c xmlns:a="u" a:_9="1" a:é="2"/>');
    expect([el.uri, el.local]).toEqual(["u", "b-1.c"]);
  });
  it("reports the issue with its XPath, line and column", () => {
    expect(issue('<r>\n<a:- xmlns:a="u"/></r>')).toMatchObject({
      code: "xml-malformed",
      xml: { xpath: "/r", line: 2 },
    });
  });
});

describe("namespace names are the attribute value as normalised (XML 1.0 §3.3.3), nothing more", () => {
  it("keeps white space and other characters around a namespace name", () => {
    expect(root('<a xmlns=" u "/>').uri).toBe(" u ");
    expect(root('<p:a xmlns:p=" "/>').uri).toBe(" ");
    expect(root(`<a xmlns="\u00a0${ATOM}"/>`).uri).toBe(`\u00a0${ATOM}`);
    expect(root(`<a xmlns="${ATOM}&#10;"/>`).uri).toBe(`${ATOM}\n`);
    // A literal line end is normalised to a space (§3.3.3), and stays.
    expect(root(`<a xmlns="${ATOM}\n"/>`).uri).toBe(`${ATOM} `);
  });
  it("only the empty string undeclares: a default namespace of spaces stays declared", () => {
    const el = root('<a xmlns="u"><b xmlns=" "><c xmlns=""/></b></a>');
    expect(el.children[0]?.uri).toBe(" ");
    expect(el.children[0]?.children[0]?.uri).toBe("");
  });
  it('xmlns:p of spaces is a binding, not an undeclaration; xmlns:p="" is refused', () => {
    expect(code('<a xmlns:p=" "><p:b/></a>')).toBe("ok");
    expect(code('<a xmlns:p=""/>')).toBe("xml-malformed");
  });
  it("a feed whose namespace name is the Atom one with a space or a line end is not Atom", () => {
    for (const ns of [`\u00a0${ATOM}`, `${ATOM}&#10;`, ` ${ATOM}`]) {
      expect(root(`<feed xmlns="${ns}"/>`).uri).not.toBe(ATOM);
    }
  });
});

describe("declared encodings: UTF-8, UTF-16 after its BOM, or US-ASCII on ASCII text; a BOM must agree (XML 1.0 §4.3.3)", () => {
  it("refuses another declared encoding on UTF-8 bytes or text", () => {
    for (const enc of ["UTF-16", "utf-16le", "windows-1252", "ISO-8859-1", "Shift_JIS", "utf8"]) {
      const text = `<?xml version="1.0" encoding="${enc}"?><a>é</a>`;
      expect(code(bytes(text)), enc).toBe("xml-malformed");
      expect(code(text), enc).toBe("xml-malformed");
      expect(issue(text)?.message).toMatch(/encoding/);
    }
  });
  it("accepts UTF-8 in any case, and US-ASCII on ASCII bytes", () => {
    for (const enc of ["UTF-8", "utf-8", "Utf-8"]) {
      expect(code(bytes(`<?xml version="1.0" encoding="${enc}"?><a>é</a>`)), enc).toBe("ok");
    }
    expect(code(bytes('<?xml version="1.0" encoding="US-ASCII"?><a>&#233;</a>'))).toBe("ok");
    expect(code('<?xml version="1.0" encoding="us-ascii"?><a/>')).toBe("ok");
  });
  it("refuses US-ASCII declared on text that is not ASCII", () => {
    expect(code(bytes('<?xml version="1.0" encoding="US-ASCII"?><a>é</a>'))).toBe("xml-malformed");
    expect(code('<?xml version="1.0" encoding="US-ASCII"?><a/><!-- é -->')).toBe("xml-malformed");
  });
  it("refuses a UTF-8 byte order mark with a declaration of another encoding", () => {
    const bom = [0xef, 0xbb, 0xbf];
    expect(code(bytes(bom, '<?xml version="1.0" encoding="UTF-8"?><a/>'))).toBe("ok");
    expect(code(bytes(bom, "<a/>"))).toBe("ok");
    expect(code(bytes(bom, '<?xml version="1.0" encoding="US-ASCII"?><a/>'))).toBe("xml-malformed");
    expect(code(bytes(bom, "<?xml version='1.0' encoding='iso-8859-1'?><x/>"))).toBe(
      "xml-malformed",
    );
    expect(code(`\ufeff<?xml version="1.0" encoding="US-ASCII"?><a/>`)).toBe("xml-malformed");
  });
  it("reads UTF-16 bytes after their byte order mark, in either byte order (processors must)", () => {
    const doc = '\ufeff<?xml version="1.0" encoding="UTF-16"?><a b="é">x𝄞</a>';
    const le = Buffer.from(doc, "utf16le");
    const be = Buffer.from(le).swap16();
    for (const utf16 of [le, be, Buffer.from("\ufeff<a>é</a>", "utf16le")]) {
      expect(code(utf16)).toBe("ok");
    }
    expect(root(le).text).toBe("x𝄞");
    expect(root(be).attributes.b?.value).toBe("é");
  });
  it("refuses UTF-16 bytes that declare another encoding, and bytes that are not UTF-16", () => {
    for (const enc of ["UTF-8", "US-ASCII", "ISO-8859-1"]) {
      const utf16 = Buffer.from(`\ufeff<?xml version="1.0" encoding="${enc}"?><a/>`, "utf16le");
      expect(code(utf16), enc).toBe("xml-malformed");
      expect(issue(utf16)?.message).toMatch(/UTF-16/);
    }
    // a lone surrogate, and an odd byte at the end
    expect(code(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x00, 0xd8, 0x3e, 0x00]))).toBe(
      "xml-invalid-char",
    );
    expect(code(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x61]))).toBe("xml-invalid-char");
  });
  it("reads one byte order mark only, and keeps columns as without it", () => {
    const bom = [0xef, 0xbb, 0xbf];
    expect(code(bytes(bom, bom, "<a/>"))).toBe("xml-malformed");
    expect(code("\ufeff\ufeff<a/>")).toBe("xml-malformed");
    expect(root(bytes(bom, "<a/>")).column).toBe(root("<a/>").column);
    expect(issue(bytes(bom, "<a>&x;</a>"))?.xml).toEqual(issue("<a>&x;</a>")?.xml);
  });
  it("the scanner alone (parseTree) checks the declaration too", () => {
    const r = parseTree('<?xml version="1.0" encoding="UTF-16"?><a/>', 32);
    expect(r.ok ? "ok" : r.issues[0]?.code).toBe("xml-malformed");
  });
});
