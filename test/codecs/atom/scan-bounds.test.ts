/**
 * The XML scanner (src/codecs/atom/xml/scan.ts) on hostile documents of about 1 MiB, the reader's
 * size limit: each is answered (never a throw) in bounded time, so no construct costs more than
 * linear time (many namespace declarations in scope, many attributes, many prefixed attributes
 * on one long namespace name, long runs of the characters that end comments, PIs, CDATA sections
 * and references).
 */
import { describe, expect, it } from "vitest";
import { parseTree } from "../../../src/codecs/atom/tree.js";
import { manyPrefixedAttributes } from "./hostile-xml.js";

const MIB = 1024 * 1024;
/**
 * Generous for a busy 2-core machine (the cases take tens of milliseconds, the slowest ~0.5 s
 * under load); a quadratic scan of 1 MiB would take minutes.
 */
const BOUND_MS = 5000;

const fill = (unit: string, room: number): string => unit.repeat(Math.floor(room / unit.length));

function run(text: string): { code: string; ms: number } {
  const t0 = performance.now();
  const r = parseTree(text, 256);
  const ms = performance.now() - t0;
  return { code: r.ok ? "ok" : (r.issues[0]?.code ?? "?"), ms };
}

const decls = Array.from({ length: 20_000 }, (_, i) => ` xmlns:p${i}="urn:${i}"`).join("");
const attrs = Array.from({ length: 40_000 }, (_, i) => ` a${i}="v"`).join("");

const CASES: [string, string, string][] = [
  [
    "20k declarations in scope, then 1 MiB of children",
    `<r${decls}>${fill("<b/>", MIB - decls.length)}</r>`,
    "ok",
  ],
  ["40k attributes on one element", `<r${attrs}/>`, "ok"],
  ["40k attributes, the last a duplicate", `<r${attrs} a0="w"/>`, "xml-malformed"],
  ["prefixed attributes on one namespace name of 512 KiB", manyPrefixedAttributes(MIB), "ok"],
  [
    "the same, the last a duplicate through another prefix",
    manyPrefixedAttributes(MIB, { duplicate: true }),
    "xml-malformed",
  ],
  ["a reference that never ends", `<r>&${fill("a", MIB)}</r>`, "xml-malformed"],
  ["a reference with line ends that never ends", `<r>&${fill("a\n", MIB)}`, "xml-malformed"],
  ["1 MiB of ]", `<r>${fill("]", MIB)}</r>`, "ok"],
  ["1 MiB of &amp;", `<r>${fill("&amp;", MIB)}</r>`, "ok"],
  ["1 MiB of character references", `<r>${fill("&#x1F600;&#65;", MIB)}</r>`, "ok"],
  ["a comment of -a", `<r><!--${fill("-a", MIB)}--></r>`, "ok"],
  ["a PI of ?a", `<r><?p ${fill("?a", MIB)}?></r>`, "ok"],
  ["a CDATA section of ]]a", `<r><![CDATA[${fill("]]a", MIB)}]]></r>`, "ok"],
  ["an attribute value that never ends", `<r a="${fill("x&amp;\t", MIB)}`, "xml-malformed"],
  ["1 MiB of comments", `<r>${fill("<!---->", MIB)}</r>`, "ok"],
  [
    "1 MiB of chains 256 deep",
    `<r>${fill(`${"<a>".repeat(255)}${"</a>".repeat(255)}`, MIB)}</r>`,
    "ok",
  ],
  ["1 MiB of unclosed elements", fill("<a>", MIB), "xml-too-deep"],
  ["1 MiB of end tags", `<r/>${fill("</r>", MIB)}`, "xml-malformed"],
  ["an XML declaration name that never ends", `<?xml ${fill("v", MIB)}`, "xml-malformed"],
  ["1 MiB of astral text", `<r>${fill("😀", MIB)}</r>`, "ok"],
];

describe("scanner: bounded time on 1 MiB hostile documents", () => {
  for (const [name, text, code] of CASES) {
    it(name, () => {
      const r = run(text);
      expect(r.code).toBe(code);
      expect(r.ms).toBeLessThan(BOUND_MS);
    });
  }
});
