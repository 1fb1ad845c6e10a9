// fast-check arbitraries for the Atom codec tests: the whole P-DATA-1 alphabet and the value
// types of each kind, shaped as the JSON schemas declare them.
import fc from "fast-check";

/** One XML 1.0 `Char`, astral included, with the characters that need escaping made likely. */
export const xmlChar = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom("&", "<", ">", '"', "'", "]]>", "\r", "\r\n", "\t", "\n", "_x0041_"),
  },
  {
    weight: 10,
    arbitrary: fc
      .oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0x80, max: 0xd7ff }),
        fc.integer({ min: 0xe000, max: 0xfffd }),
        fc.integer({ min: 0x10000, max: 0x10ffff }),
      )
      .map((cp) => String.fromCodePoint(cp)),
  },
);

/** A value the write path accepts (P-DATA-1), up to `maxLength` pieces. */
export function xmlText(maxLength = 30): fc.Arbitrary<string> {
  return fc.array(xmlChar, { maxLength }).map((parts) => parts.join(""));
}

/** A P-DATA-1 key: 1–128 of A-Za-z0-9_.-, escape look-alikes made likely. */
export const appDataKey = fc
  .array(
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom(
          ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-",
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom("_x", "_x0041_", "_x005F_", "_x00e9_", "1", "-", "."),
      },
    ),
    { minLength: 1, maxLength: 40 },
  )
  .map((parts) => parts.join("").slice(0, 128));

/** A 128-character key, the longest P-DATA-1 allows. */
export const longKey = fc.constantFrom(..."0123456789_.-aZ").map((c) => c.repeat(128));

/** A platformUserId-shaped id (`<namespace>:<value>`), no surrounding whitespace. */
export const platformId = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/),
    fc.constantFrom("", ":x", "é", "😀"),
  )
  .map(([ns, value, tail]) => `${ns}:${value}${tail}`);

const count = fc.nat({ max: Number.MAX_SAFE_INTEGER });

/** An application-data record: 1–10 pairs. */
export const appDataRecord = fc.dictionary(appDataKey, xmlText(), { minKeys: 1, maxKeys: 10 });

/** An application-data read response. */
export const appDataResponse = fc
  .uniqueArray(fc.tuple(platformId, appDataRecord), { selector: ([id]) => id, maxLength: 4 })
  .chain((users) =>
    fc.record({
      entry: fc.constant(Object.fromEntries(users)),
      id: fc.constant(users.map(([id]) => id)),
      startIndex: fc.constant(0),
      totalResults: fc.constant(users.length),
    }),
  );

const album = fc.record({
  id: platformId,
  title: xmlText(),
  caption: xmlText(),
  description: xmlText(),
  thumbnailUrl: xmlText(),
  mediaItemCount: count,
  ownerId: platformId,
  mediaMimeType: fc.array(xmlText(10), { maxLength: 4 }),
});

const photo = fc.record({
  id: platformId,
  albumId: platformId,
  title: xmlText(),
  description: xmlText(),
  fileSize: count,
  thumbnailUrl: xmlText(),
  url: xmlText(),
});

const address = fc.dictionary(appDataKey, xmlText(10), { maxKeys: 4 });

/** A person with any of the optional fields (§2.6). */
export const person = fc.record(
  {
    id: platformId,
    nickname: xmlText(),
    displayName: xmlText(),
    updated: xmlText(),
    hasApp: fc.boolean(),
    thumbnailUrl: xmlText(),
    isViewer: fc.boolean(),
    isOwner: fc.boolean(),
    profileUrl: xmlText(),
    bloodType: fc.constantFrom("A", "AB", "B", "O"),
    addresses: fc.array(address, { minLength: 1, maxLength: 3 }),
    birthday: xmlText(),
    gender: xmlText(),
    userHash: xmlText(),
    isGuest: fc.boolean(),
    isVerified: fc.boolean(),
  },
  { requiredKeys: ["id", "nickname", "displayName", "updated", "hasApp", "thumbnailUrl"] },
);

function list<T>(item: fc.Arbitrary<T>) {
  return fc.record({
    entry: fc.array(item, { maxLength: 5 }),
    startIndex: count,
    itemsPerPage: count,
    totalResults: count,
  });
}

/** Album, photo and friends lists; a single-person response. */
export const albumList = list(album);
export const photoList = list(photo);
export const friendsList = list(person);
export const personResponse = fc.record({ entry: person, startIndex: count, totalResults: count });
