/** `format=atom` (P-FMT-1, P-FMT-2, P-FMT-7) through the Atom codec; the server writes no XML itself. */
import { toAtom, toAtomFeed } from "../codecs/atom/index.js";
import { type AtomRenderer, appDataObject } from "./render.js";

/** Renders any reply as its Atom feed. */
export const renderAtom: AtomRenderer = (reply) => {
  switch (reply.kind) {
    case "appdata":
      return toAtom(appDataObject(reply.value));
    case "photos":
      return toAtomFeed("photos", reply.value, { ownerId: reply.ownerId });
    case "albums":
      return toAtomFeed("albums", reply.value);
    case "person":
      return toAtomFeed("person", reply.value);
    case "people":
      return toAtomFeed("people", reply.value);
  }
};
