/**
 * An element tree as plain data, for comparing parsers: expanded names, the character data
 * directly inside each element (joined), attributes by qualified name (namespace declarations
 * included), children. Positions are left out: not every oracle gives them.
 */
import type { XmlElement } from "../../../src/codecs/atom/tree.js";

export interface Shape {
  uri: string;
  local: string;
  text: string;
  attributes: Record<string, string>;
  children: Shape[];
}

/** The shape of our reader's tree. */
export function shapeOf(el: XmlElement): Shape {
  return {
    uri: el.uri,
    local: el.local,
    text: el.text,
    attributes: Object.fromEntries(Object.entries(el.attributes).map(([k, v]) => [k, v.value])),
    children: el.children.map(shapeOf),
  };
}
