/**
 * The assemblers of the kinds whose entries are items (P-FMT-7): `albums`, `photos` and `people`
 * (`@friends`) give an array with one object per entry; `person` (`@self` or a `pid` request)
 * gives the one entry's object, and a feed of any other number of entries is reported.
 */
import type { Kind } from "../../../schemas/kinds.js";
import { type AtomKind, DATA_ELEMENTS } from "../kinds.js";
import type { XmlElement } from "../tree.js";
import type { AssembleContext, Assembler, JsonObject } from "./assembler.js";
import { dataWanted, readEntry } from "./framing.js";
import { integerText } from "./integer-text.js";
import { readObject } from "./members.js";

/** One object per entry with a data element; `pointerOf(i)` names entry `i`'s value. */
function readItems(
  kind: AtomKind,
  entries: readonly XmlElement[],
  pointerOf: (i: number) => string,
  { report, located }: AssembleContext,
): JsonObject[] {
  const spec = DATA_ELEMENTS[kind];
  const data = dataWanted(spec);
  const items: JsonObject[] = [];
  for (let i = 0; i < entries.length && !report.full; i++) {
    const pointer = pointerOf(i);
    const parts = readEntry(entries[i]!, pointer, data, report);
    if (!parts.data) continue;
    located.set(pointer, parts.data);
    const item = readObject(parts.data, spec.arrays);
    for (const name of spec.integers) {
      const text = item[name];
      if (typeof text === "string") item[name] = integerText(text);
    }
    items.push(item);
  }
  return items;
}

/** A list kind: `entry` is the array of items; `complete` fills in what an item may leave out. */
function list(kind: AtomKind, schema: Kind, complete?: (item: JsonObject) => void): Assembler {
  return {
    schema,
    assemble(entries, _feed, value, context) {
      const items = readItems(kind, entries, (i) => `/entry/${i}`, context);
      if (complete) for (const item of items) complete(item);
      value.entry = items;
    },
  };
}

/** `albums`: an album without `mediaMimeType` elements has none (P-FMT-7: one element per item). */
export const ALBUMS = list("albums", "albums", (item) => {
  if (!Object.hasOwn(item, "mediaMimeType")) item.mediaMimeType = [];
});

/** `photos`: the media items of an album. */
export const PHOTOS = list("photos", "photos");

/** `people`: the `@friends` list, with `opensearch:itemsPerPage`. */
export const PEOPLE = list("people", "people");

/** `person`: a feed of exactly one entry, whose object is `entry`. */
export const PERSON: Assembler = {
  schema: "person",
  assemble(entries, feed, value, context) {
    const items = readItems("person", entries, () => "/entry", context);
    if (entries.length !== 1) {
      const code = entries.length === 0 ? "atom-missing" : "too-many";
      context.report.add(
        code,
        "/entry",
        `a person feed has exactly one entry, found ${entries.length}`,
        feed,
      );
    }
    value.entry = items[0];
  },
};
