/**
 * `format=atom` (P-FMT-1, P-FMT-2, P-FMT-7) through the Atom codec's writer, without `toAtom`'s
 * check against the schemas (the server's values are valid by construction); the server writes
 * no XML itself.
 */
import type { AtomWriteOptions } from "../codecs/atom/frame.js";
import { writeAtom } from "../codecs/atom/write.js";
import { type AtomRenderer, appDataObject } from "./render.js";

/** An Atom renderer; `strict` writes the RFC 4287-valid feed of P-FMT-5 instead of the §4.3 layout. */
export function atomRenderer(options: { strict?: boolean } = {}): AtomRenderer {
  const base: AtomWriteOptions = options.strict ? { strict: true } : {};
  return (reply) => {
    const opts: AtomWriteOptions = options.strict ? { ...base, now: new Date() } : base;
    switch (reply.kind) {
      case "appdata":
        return writeAtom("appdata", appDataObject(reply.value), opts);
      case "photos":
        return writeAtom("photos", reply.value, { ...opts, ownerId: reply.ownerId });
      case "albums":
        return writeAtom("albums", reply.value, opts);
      case "person":
        return writeAtom("person", reply.value, opts);
      case "people":
        return writeAtom("people", reply.value, opts);
    }
  };
}
