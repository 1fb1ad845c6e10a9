/** The element tree the XML reader builds, and the XPath-like path used in issues. */

/** An element: its expanded name, the text directly inside it, its element children. */
export interface XmlElement {
  readonly uri: string;
  readonly local: string;
  readonly parent: XmlElement | undefined;
  readonly children: XmlElement[];
  /** The character data directly inside this element (all text nodes and CDATA, joined). */
  text: string;
  /** Line and column (1-based) where the start tag ends. */
  readonly line: number;
  readonly column: number;
  /** The element's attributes by qualified name (namespace declarations included). */
  readonly attributes: Readonly<Record<string, { readonly value: string }>>;
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
