// The writer's escaper: `& < > " '`, `]]>`, CR, non-ASCII and astral kept,
// characters XML 1.0 cannot carry refused with OSK_XML_UNWRITABLE. Checked against a real parser.
import fc from "fast-check";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { escapeAttribute, escapeText } from "../../../src/codecs/atom/escape.js";
import { xmlChar } from "./arbitraries.js";

/** What a conforming parser reads back from `<a>${text}</a>` and `<a b="${attr}"/>`. */
function parseBack(text: string, attr: string): { text: string; attr: string } {
  const parser = new SaxesParser({ defaultXMLVersion: "1.0", forceXMLVersion: true });
  let t = "";
  let a = "";
  parser.on("text", (s) => {
    t += s;
  });
  parser.on("opentag", (tag) => {
    if (tag.name === "b") a = String(tag.attributes.c);
  });
  parser.write(`<a>${escapeText(text)}<b c="${escapeAttribute(attr)}"/></a>`).close();
  return { text: t, attr: a };
}

const xmlText = fc
  .array(fc.oneof(xmlChar, fc.constantFrom("&", "<", ">", '"', "'", "]]>", "\r", "\r\n", "\t")), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));

describe("escapeText / escapeAttribute", () => {
  const table: [string, string, string][] = [
    ["plain", "plain", "plain"],
    ["a&b", "a&amp;b", "a&amp;b"],
    ["<tag>", "&lt;tag&gt;", "&lt;tag&gt;"],
    ['say "hi"', 'say "hi"', "say &quot;hi&quot;"],
    ["it's", "it's", "it&apos;s"],
    ["x]]>y", "x]]&gt;y", "x]]&gt;y"],
    ["a\r\nb", "a&#xD;\nb", "a&#xD;&#xA;b"],
    ["tab\there", "tab\there", "tab&#x9;here"],
    ["&amp;", "&amp;amp;", "&amp;amp;"],
    ["café 日本語", "café 日本語", "café 日本語"],
    ["😀 \u{10FFFD}", "😀 \u{10FFFD}", "😀 \u{10FFFD}"],
    ["\uFFFD\uE000\uD7FF", "\uFFFD\uE000\uD7FF", "\uFFFD\uE000\uD7FF"],
  ];
  for (const [input, text, attr] of table) {
    it(`escapes ${JSON.stringify(input)}`, () => {
      expect(escapeText(input)).toBe(text);
      expect(escapeAttribute(input)).toBe(attr);
    });
  }
  it("returns the same string when nothing needs escaping", () => {
    const s = "nothing to escape here, é and 😀";
    expect(escapeText(s)).toBe(s);
  });
  for (const bad of [
    "\u0000",
    "\u0001",
    "\u0008",
    "\u000B",
    "\u000C",
    "\u001F",
    "\uD800",
    "\uDFFF",
    "x\uD83D",
    "\uDE00x",
    "\uFFFE",
    "\uFFFF",
  ]) {
    it(`refuses ${JSON.stringify(bad)} with OSK_XML_UNWRITABLE`, () => {
      expect(() => escapeText(bad)).toThrowError(
        expect.objectContaining({ code: "OSK_XML_UNWRITABLE" }),
      );
      expect(() => escapeAttribute(bad)).toThrowError(
        expect.objectContaining({ code: "OSK_XML_UNWRITABLE" }),
      );
    });
  }
  it("property: a parser reads back exactly what was escaped (text and attribute)", () => {
    fc.assert(
      fc.property(xmlText, xmlText, (text, attr) => {
        expect(parseBack(text, attr)).toEqual({ text, attr });
      }),
      { numRuns: 500 },
    );
  });
  it("property: escaped text never holds `]]>`, `<` or a raw CR", () => {
    fc.assert(
      fc.property(xmlText, (text) => {
        const out = escapeText(text);
        expect(out).not.toMatch(/]]>|<|\r/);
      }),
    );
  });
});
