/**
 * A strict, namespace-aware parse of XML text into a small element tree, with saxes 6 (XML 1.0,
 * Namespaces in XML). Untrusted input: any DOCTYPE is refused when it is seen (saxes never
 * expands DTD entities, and an undeclared entity reference is a well-formedness error), nesting
 * past the limit stops the parse at once, and the first well-formedness error ends it.
 */
import { SaxesParser, type SaxesTagNS } from "saxes";
import { fail, type Issue, type IssueCode, issue, ok, type Result } from "../../model/issue.js";

/** An element: its expanded name, the text directly inside it, its element children. */
export interface XmlElement {
  readonly uri: string;
  readonly local: string;
  readonly parent: XmlElement | undefined;
  readonly children: XmlElement[];
  /** The character data directly inside this element (all text nodes, joined). */
  text: string;
  /** Line and column (1-based) where the start tag ends. */
  readonly line: number;
  readonly column: number;
  /** The element's attributes by qualified name (namespace declarations included). */
  readonly attributes: Readonly<Record<string, { readonly value: string }>>;
}

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
export function parseTree(text: string, maxDepth: number): Result<XmlElement> {
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

/** XPath-like path of `el`: local names with a 1-based position among same-named siblings. */
export function xpathOf(el: XmlElement): string {
  const steps: string[] = [];
  for (let e: XmlElement | undefined = el; e; e = e.parent) {
    const parent: XmlElement | undefined = e.parent;
    if (!parent) {
      steps.push(e.local);
      break;
    }
    let n = 0;
    let position = 0;
    for (const sibling of parent.children as XmlElement[]) {
      if (sibling.local === e.local && sibling.uri === e.uri) {
        n++;
        if (sibling === e) position = n;
      }
    }
    steps.push(n > 1 ? `${e.local}[${position}]` : e.local);
  }
  return `/${steps.reverse().join("/")}`;
}
