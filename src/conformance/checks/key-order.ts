/**
 * Member order as written. P-FMT-3 (profile revision 4): the order of application-data keys is
 * a promise of the Atom form only, so `keys` checks read it from the Atom document (JSON member
 * order carries no meaning at any level, RFC 8259 §4). Decoded values cannot carry it:
 * `JSON.parse` and JS objects move integer-like names ("10", "2") first, and integer-like keys
 * are no exception to the order. Request bodies are still written in the case's order.
 */
import { ATOM_NS } from "../../codecs/atom/index.js";
import { decodeName } from "../../codecs/atom/names.js";
import { parseXmlDocument } from "../../codecs/atom/read.js";
import { escapeToken } from "../../model/json-pointer.js";
import { fillString, fillText, type TemplateContext } from "../request/template.js";

const URN_GUID = "urn:guid:";

/**
 * Pointer of each application-data record of an Atom feed (`/entry/<user>`, as the codec
 * decodes it) → its keys in document order (P-FMT-4 names unescaped). Empty map when the
 * document does not parse; entries without an id or data element are left out.
 */
export function atomAppDataOrder(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const tree = parseXmlDocument(text);
  if (!tree.ok) return out;
  for (const entry of tree.value.children) {
    if (entry.local !== "entry" || entry.uri !== ATOM_NS) continue;
    const id = entry.children.find((c) => c.local === "id" && c.uri === ATOM_NS)?.text.trim();
    const content = entry.children.find((c) => c.local === "content" && c.uri === ATOM_NS);
    const data = content?.children[0];
    if (!id?.startsWith(URN_GUID) || !data) continue;
    const pointer = `/entry/${escapeToken(id.slice(URN_GUID.length))}`;
    out.set(
      pointer,
      data.children.map((c) => decodeName(c.local)),
    );
  }
  return out;
}

/** `JSON.stringify` that keeps the member order of `value`'s source entries. */
export function stringifyOrdered(entries: OrderedValue): string {
  if (Array.isArray(entries)) return `[${entries.map(stringifyOrdered).join(",")}]`;
  if (entries instanceof OrderedObject)
    return `{${entries.members.map(([k, v]) => `${JSON.stringify(k)}:${stringifyOrdered(v)}`).join(",")}}`;
  return JSON.stringify(entries);
}

/** An object whose member order survives integer-like names. */
export class OrderedObject {
  constructor(readonly members: [string, OrderedValue][]) {}
}

/** A JSON value with ordered objects. */
export type OrderedValue = OrderedObject | OrderedValue[] | string | number | boolean | null;

/** Fills placeholders (template.ts) keeping member order, for request bodies. */
export function fillOrdered(value: unknown, ctx: TemplateContext): OrderedValue {
  if (typeof value === "string") return toOrdered(fillString(value, ctx));
  if (Array.isArray(value)) return value.map((v) => fillOrdered(v, ctx));
  if (value !== null && typeof value === "object")
    return new OrderedObject(
      Object.entries(value).map(([k, v]) => [fillText(k, ctx), fillOrdered(v, ctx)]),
    );
  return value as OrderedValue;
}

function toOrdered(v: unknown): OrderedValue {
  if (Array.isArray(v)) return v.map(toOrdered);
  if (v !== null && typeof v === "object")
    return new OrderedObject(Object.entries(v).map(([k, x]) => [k, toOrdered(x)]));
  return v as OrderedValue;
}
