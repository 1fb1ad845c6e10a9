/**
 * libxml2 (the libxml2-wasm build) as a second oracle beside saxes: the verdict and the tree
 * shape it gives a document, read from its UTF-8 bytes as any XML processor reads a file. Every
 * diagnostic above a warning refuses the document: libxml2 reports namespace errors (an unbound
 * prefix, a duplicate expanded attribute name) apart from well-formedness errors, and both break
 * Namespaces in XML. No network, no external entities, no entity substitution. Test-only code.
 */
import {
  ParseOption,
  XmlCData,
  XmlDocument,
  XmlElement,
  XmlLibError,
  XmlText,
  XmlXPath,
} from "libxml2-wasm";
import type { Shape } from "./tree-shape.js";

export type Libxml2Outcome =
  | { readonly ok: true; readonly doctype: true; readonly warnings: readonly string[] }
  | {
      readonly ok: true;
      readonly doctype: false;
      readonly tree: Shape;
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly message: string; readonly line: number };

const OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

/**
 * An element's child elements and text (CDATA sections included), in order: through XPath, as
 * the wrapper's sibling links stop at a processing instruction (its node class has none).
 */
const CHILDREN = XmlXPath.compile("*|text()");

function shape(el: XmlElement): Shape {
  const attributes: Record<string, string> = {};
  for (const [prefix, uri] of Object.entries(el.nsDeclarations)) {
    attributes[prefix === "" ? "xmlns" : `xmlns:${prefix}`] = uri;
  }
  for (const a of el.attrs) attributes[a.prefix ? `${a.prefix}:${a.name}` : a.name] = a.value;
  let text = "";
  const children: Shape[] = [];
  for (const n of el.find(CHILDREN)) {
    if (n instanceof XmlElement) children.push(shape(n));
    else if (n instanceof XmlText || n instanceof XmlCData) text += n.content;
  }
  return { uri: el.namespaceUri ?? "", local: el.name, text, attributes, children };
}

/** libxml2's reading of `input` (text is encoded as UTF-8 first). */
export function parseLibxml2(input: string | Uint8Array): Libxml2Outcome {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes, { option: OPTIONS });
  } catch (e) {
    if (!(e instanceof XmlLibError)) throw e;
    const first = e.details.find((d) => d.level > 1) ?? e.details[0];
    return { ok: false, message: (first?.message ?? e.message).trim(), line: first?.line ?? 0 };
  }
  try {
    const warnings = doc.warnings.map((w) => w.message.trim());
    // A document with a DOCTYPE: libxml2 reads DTDs and our reader refuses them; no tree.
    if (doc.dtd !== null) return { ok: true, doctype: true, warnings };
    return { ok: true, doctype: false, tree: shape(doc.root), warnings };
  } finally {
    doc.dispose();
  }
}
