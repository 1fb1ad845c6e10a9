/**
 * Member order as written. P-FMT-3 (profile revision 4): the order of application-data keys is
 * a promise of the Atom form only, so `keys` checks read it from the Atom document (JSON member
 * order carries no meaning at any level, RFC 8259 §4). Decoded values cannot carry it:
 * `JSON.parse` and JS objects move integer-like names ("10", "2") first, and integer-like keys
 * are no exception to the order. P-FMT-7: a person's, album's or photo's Atom children follow
 * the members of the same server's JSON (`memberOrder` checks). Request bodies are written in the
 * case's order (request/ordered-json.ts).
 */
import { ATOM_NS, type AtomKind } from "../../codecs/atom/index.js";
import { decodeName } from "../../codecs/atom/names.js";
import { parseXmlDocument } from "../../codecs/atom/read.js";
import { fromUrnGuid } from "../../model/ids.js";
import { escapeToken } from "../../model/json-pointer.js";
import { ANSWER_ATOM_LIMITS } from "./answer-limits.js";

/**
 * Pointer of each data element of an Atom feed of `kind` (as the codec decodes it) → the local
 * names of its children in document order (P-FMT-4 names unescaped). Application data: each
 * record at `/entry/<user>`, by the entry's `urn:guid:` id read as the codec reads it (the prefix
 * in any letter case, RFC 8141 §3.1: atom-frame.ts judges its case), every key element as written
 * (P-FMT-3). People, albums and photos: the entry at `/entry` (`person`) or `/entry/<i>`, one
 * name per run of same-named children (an array member is one element per item, P-FMT-7).
 * Empty map when the document does not parse; entries without a data element are left out.
 */
export function atomDataOrder(xml: string | Uint8Array, kind: AtomKind): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const tree = parseXmlDocument(xml, ANSWER_ATOM_LIMITS);
  if (!tree.ok) return out;
  const entries = tree.value.children.filter((c) => c.local === "entry" && c.uri === ATOM_NS);
  for (const [i, entry] of entries.entries()) {
    const content = entry.children.find((c) => c.local === "content" && c.uri === ATOM_NS);
    const data = content?.children[0];
    if (!data) continue;
    const names = data.children.map((c) => decodeName(c.local));
    if (kind !== "appdata") {
      out.set(
        kind === "person" ? "/entry" : `/entry/${i}`,
        names.filter((n, j) => n !== names[j - 1]),
      );
      continue;
    }
    const text = entry.children.find((c) => c.local === "id" && c.uri === ATOM_NS)?.text.trim();
    const id = text === undefined ? undefined : fromUrnGuid(text);
    if (id !== undefined) out.set(`/entry/${escapeToken(id)}`, names);
  }
  return out;
}
