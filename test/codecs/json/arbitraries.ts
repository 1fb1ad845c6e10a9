// fast-check generators of valid values of each kind (declared types), shared by property tests.
import fc from "fast-check";

const keyChar = fc.constantFrom(..."ABCXYZabcxyz0189_.-".split(""));
/** A P-DATA-1 key. */
export const appdataKey = fc.string({ unit: keyChar, minLength: 1, maxLength: 128 });
/** Any string of XML 1.0 characters (P-DATA-1), astral included. */
export const xmlText = fc
  .string({ unit: "grapheme", maxLength: 40 })
  .map((s) => s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ""));
const id = fc
  .tuple(fc.constantFrom("example.org", "ns"), fc.string({ minLength: 1, maxLength: 12 }))
  .map(([n, v]) => `${n}:${v}`);
const count = fc.nat({ max: 1_000_000 });
const text = fc.string({ maxLength: 30 });

const record = fc.dictionary(appdataKey, xmlText, { maxKeys: 8 });
const album = fc.record({
  id,
  title: text,
  caption: text,
  description: text,
  thumbnailUrl: text,
  mediaItemCount: count,
  ownerId: id,
  mediaMimeType: fc.array(fc.constantFrom("image/jpeg", "image/png"), { maxLength: 3 }),
});
const photo = fc.record({
  id,
  albumId: id,
  title: text,
  description: text,
  fileSize: count,
  thumbnailUrl: text,
  url: text,
});
const person = fc.record(
  {
    id,
    nickname: text,
    displayName: text,
    updated: text,
    hasApp: fc.boolean(),
    thumbnailUrl: text,
    isViewer: fc.boolean(),
    bloodType: fc.constantFrom("A", "AB", "B", "O"),
    addresses: fc.array(fc.dictionary(fc.constantFrom("region", "locality"), text), {
      maxLength: 2,
    }),
    isVerified: fc.boolean(),
  },
  { requiredKeys: ["id", "nickname", "displayName", "updated", "hasApp", "thumbnailUrl"] },
);

/** Valid values by kind. */
export const arbitraries = {
  albums: fc.record({
    entry: fc.array(album, { maxLength: 4 }),
    startIndex: count,
    itemsPerPage: count,
    totalResults: count,
  }),
  photos: fc.record({
    entry: fc.array(photo, { maxLength: 4 }),
    startIndex: count,
    itemsPerPage: count,
    totalResults: count,
  }),
  appdata: fc.dictionary(id, record, { maxKeys: 4 }).map((entry) => ({
    entry,
    id: Object.keys(entry),
    startIndex: 0,
    totalResults: Object.keys(entry).length,
  })),
  person: fc.record({ entry: person, startIndex: count, totalResults: count }),
  people: fc.record({
    entry: fc.array(person, { maxLength: 4 }),
    startIndex: count,
    itemsPerPage: count,
    totalResults: count,
  }),
  "appdata-write": fc.dictionary(appdataKey, xmlText, { minKeys: 1, maxKeys: 20 }),
  error: fc.record({
    error: fc.record({ code: fc.integer({ min: 100, max: 599 }), message: text }),
  }),
} as const;
