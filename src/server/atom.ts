/** `format=atom` (P-FMT-1, P-FMT-2, P-FMT-7) through the Atom codec; the server writes no XML itself. */
import { type AtomWriteOptions, toAtom } from "../codecs/atom/index.js";
import { type AtomRenderer, appDataObject } from "./render.js";

/** An Atom renderer; `strict` writes the RFC 4287-valid feed of P-FMT-5 instead of the §4.3 layout. */
export function atomRenderer(options: { strict?: boolean } = {}): AtomRenderer {
  const base: AtomWriteOptions = options.strict ? { strict: true } : {};
  return (reply) => {
    const opts: AtomWriteOptions = options.strict ? { ...base, now: new Date() } : base;
    switch (reply.kind) {
      case "appdata":
        return toAtom("appdata", appDataObject(reply.value), opts);
      case "photos":
        return toAtom("photos", reply.value, { ...opts, ownerId: reply.ownerId });
      case "albums":
        return toAtom("albums", reply.value, opts);
      case "person":
        return toAtom("person", reply.value, opts);
      case "people":
        return toAtom("people", reply.value, opts);
    }
  };
}
