/**
 * A strict, namespace-aware parse of XML text into a small element tree (XML 1.0 5th ed.,
 * Namespaces in XML 1.0), with our own single-pass scanner (`xml/scan.ts`). Untrusted input: any
 * DOCTYPE is refused when it is seen (there is no DTD support, and an undeclared entity reference
 * is a well-formedness error), nesting past the limit stops the parse at once, and the first
 * well-formedness error ends it.
 */
import { fail, ok, type Result } from "../../model/issue.js";
import type { XmlElement } from "./xml/element.js";
import type { ReadEncoding } from "./xml/encoding.js";
import { scanXml } from "./xml/scan.js";

export { type XmlElement, xpathOf } from "./xml/element.js";

/**
 * Parses `text` (decoded from `read`: UTF-8 or given as text, or UTF-16) into an element tree
 * (its root), or the one issue that stopped it: `xml-doctype`, `xml-too-deep`,
 * `xml-invalid-char` or `xml-malformed`. Never throws.
 */
export function parseTree(
  text: string,
  maxDepth: number,
  read: ReadEncoding = "UTF-8",
): Result<XmlElement> {
  const r = scanXml(text, maxDepth, read);
  if (r.ok) return ok(r.root);
  const { code, message, line, column, xpath } = r.error;
  const prefix =
    code === "xml-malformed" || code === "xml-invalid-char" ? "not well-formed XML: " : "";
  return fail([
    { code, pointer: "", message: `${prefix}${message}`, xml: { xpath, line, column } },
  ]);
}
