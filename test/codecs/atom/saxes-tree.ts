/**
 * The reference for the differential test (tree-differential.test.ts): the reader's former XML
 * parse, on saxes 6 (strict, xmlns, version forced to 1.0), kept as it was in src/codecs/atom/
 * tree.ts before our own scanner replaced it. Test-only code.
 */
import { SaxesParser, type SaxesTagNS } from "saxes";
import { type XmlElement, xpathOf } from "../../../src/codecs/atom/tree.js";
import {
  fail,
  type Issue,
  type IssueCode,
  issue,
  ok,
  type Result,
} from "../../../src/model/issue.js";

/** Thrown inside saxes handlers to stop the parse; never escapes this module. */
class Stop {
  constructor(readonly issue: Issue) {}
}

function stop(code: IssueCode, message: string, line: number, column: number, xpath: string): Stop {
  return new Stop({ code, pointer: "", message, xml: { xpath, line, column } });
}

/**
 * Parses `text` into an element tree (its root), or the one issue that stopped it: `xml-doctype`,
 * `xml-too-deep`, `xml-invalid-char` or `xml-malformed`. Never throws.
 */
export function parseTreeSaxes(text: string, maxDepth: number): Result<XmlElement> {
  const parser = new SaxesParser({
    xmlns: true,
    position: true,
    defaultXMLVersion: "1.0",
    forceXMLVersion: true,
  });
  let root: XmlElement | undefined;
  let current: XmlElement | undefined;
  let depth = 0;
  parser.on("doctype", () => {
    throw stop(
      "xml-doctype",
      "a DOCTYPE is not accepted (no DTDs, no entities)",
      parser.line,
      parser.column,
      "/",
    );
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    if (++depth > maxDepth) {
      const where = current ? `${xpathOf(current)}/*` : "/";
      const message = `elements nested deeper than ${maxDepth}`;
      throw stop("xml-too-deep", message, parser.line, parser.column, where);
    }
    const el: XmlElement = {
      uri: tag.uri,
      local: tag.local,
      parent: current,
      children: [],
      text: "",
      line: parser.line,
      column: parser.column,
      attributes: tag.attributes,
    };
    if (current) current.children.push(el);
    else root = el;
    current = el;
  });
  parser.on("closetag", () => {
    depth--;
    current = current?.parent;
  });
  parser.on("text", (t: string) => {
    if (current) current.text += t;
  });
  parser.on("cdata", (t: string) => {
    if (current) current.text += t;
  });
  parser.on("error", (err: Error) => {
    const message = err.message.replace(/^[^:]*:\d+:\d+: /, "");
    const code: IssueCode = /disallowed character\.|malformed character entity/.test(message)
      ? "xml-invalid-char"
      : "xml-malformed";
    throw stop(
      code,
      `not well-formed XML: ${message}`,
      parser.line,
      parser.column,
      current ? xpathOf(current) : "/",
    );
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (e instanceof Stop) return fail([e.issue]);
    const message = e instanceof Error ? e.message : String(e);
    return fail([issue("xml-malformed", "", `not well-formed XML: ${message}`)]);
  }
  if (!root) return fail([issue("xml-malformed", "", "no root element")]);
  return ok(root);
}
