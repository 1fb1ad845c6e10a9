/** `format=atom` (P-FMT-1, P-FMT-2, P-FMT-7) through the Atom codec; the server writes no XML itself. */
import { type AtomWriteOptions, toAtom, toAtomFeed } from "../codecs/atom/index.js";
import { type Defects, NO_DEFECTS } from "./defects.js";
import { type AtomRenderer, appDataObject } from "./render.js";

/** Breaks the written feed as the Atom mutants of issue 6 ask (each a plain text edit). */
export function breakAtom(xml: string, defects: Defects): string {
  let out = xml;
  if (defects.has("atom-id-without-urn")) out = out.replaceAll("<id>urn:guid:", "<id>");
  if (defects.has("atom-appdata-namespace"))
    out = out.replace(
      '<appdata xmlns="http://ns.opensocial.org/2008/opensocial"',
      '<appdata xmlns="urn:example:appdata"',
    );
  if (defects.has("atom-author-uri"))
    out = out.replace(/<url>(urn:guid:[^<]*)<\/url>/g, "<uri>$1</uri>");
  if (defects.has("atom-missing-total"))
    out = out.replace(/\s*<osearch:totalResults>[0-9]+<\/osearch:totalResults>/, "");
  if (defects.has("atom-key-unescaped"))
    out = out.replace(
      /(<\/?)_x([0-9A-F]{4})_/g,
      (_m, lt: string, hex: string) => lt + String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return out;
}

/** An Atom renderer; `strict` writes the RFC 4287-valid feed of P-FMT-5 instead of the §4.3 layout. */
export function atomRenderer(
  options: { strict?: boolean } = {},
  defects: Defects = NO_DEFECTS,
): AtomRenderer {
  const base: AtomWriteOptions = options.strict ? { strict: true } : {};
  const render: AtomRenderer = (reply) => {
    const opts: AtomWriteOptions = options.strict ? { ...base, now: new Date() } : base;
    switch (reply.kind) {
      case "appdata":
        return toAtom(appDataObject(reply.value), opts);
      case "photos":
        return toAtomFeed("photos", reply.value, { ...opts, ownerId: reply.ownerId });
      case "albums":
        return toAtomFeed("albums", reply.value, opts);
      case "person":
        return toAtomFeed("person", reply.value, opts);
      case "people":
        return toAtomFeed("people", reply.value, opts);
    }
  };
  return defects.size === 0 ? render : (reply) => breakAtom(render(reply), defects);
}
