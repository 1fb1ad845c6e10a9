/**
 * A name or namespace of the document a message names (the root, a child in another namespace)
 * is quoted through src/model/quote.ts: a 512 KiB element name or namespace name makes a message
 * of a few hundred characters, not one of its size. (The XPath of an issue names the element in
 * full: a location must be exact.)
 */
import { describe, expect, it } from "vitest";
import { fromAtom } from "../../../src/index.js";
import { QUOTE_CHARS } from "../../../src/model/quote.js";

const LONG = "a".repeat(2 ** 19);
const ATOM = "http://www.w3.org/2005/Atom";
const OS = "http://ns.opensocial.org/2008/opensocial";

const DOCS: Record<string, string> = {
  "a long root name": `<${LONG}/>`,
  "a long root namespace": `<feed xmlns="urn:${LONG}"/>`,
  "a long attribute name without a value": `<feed ${LONG}></feed>`,
  "a data element in a long namespace": `<feed xmlns="${ATOM}"><entry><content type="application/xml"><person xmlns="urn:${LONG}"/></content></entry></feed>`,
  "a long data element name": `<feed xmlns="${ATOM}"><entry><content type="application/xml"><${LONG} xmlns="${OS}"/></content></entry></feed>`,
};

describe("messages of the Atom reader quote names within a bound", () => {
  it.each(Object.entries(DOCS))("%s", (_, doc) => {
    const r = fromAtom("person", doc);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    for (const issue of r.issues) expect(issue.message.length).toBeLessThan(3 * QUOTE_CHARS + 200);
  });
});
