// The writers' refusals: values XML or the profile cannot carry are typed
// errors (KitError codes), never broken output.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AtomKind, fromAtom, toAtom } from "../../../src/codecs/atom/index.js";
import { KitError } from "../../../src/model/kit-error.js";
import type { AppDataResponse, PhotoList } from "../../../src/model/responses.js";
import {
  albumList,
  appDataResponse,
  friendsList,
  personResponse,
  photoList,
} from "./arbitraries.js";

const one = (record: Record<string, unknown>, extra: Partial<Record<string, unknown>> = {}) =>
  ({
    entry: { "example.org:alice": record },
    id: ["example.org:alice"],
    startIndex: 0,
    totalResults: 1,
    ...extra,
  }) as AppDataResponse;

const photos: PhotoList = {
  entry: [
    {
      id: "a:p1",
      albumId: "a:a1",
      title: "t",
      description: "d",
      fileSize: 1,
      thumbnailUrl: "u",
      url: "u",
    },
  ],
  startIndex: 0,
  itemsPerPage: 20,
  totalResults: 1,
};

/** `toAtom` as a JavaScript caller sees it: no types. */
const untyped = toAtom as (kind: string, value: unknown, options?: object) => string;

describe("toAtom types (P-FMT-7: a photo does not carry its album's owner)", () => {
  it("require options.ownerId for photos only", () => {
    const typed = () => [
      // @ts-expect-error: photos name the album owner as each entry's author
      toAtom("photos", photos),
      // @ts-expect-error: options without ownerId
      toAtom("photos", photos, { strict: true }),
      toAtom("photos", photos, { ownerId: "a:o" }),
      toAtom("photos", photos, { ownerId: "a:o", strict: true }),
      toAtom("appdata", one({ k: "v" })),
    ];
    expect(typed).toBeTypeOf("function");
    expect(untyped("photos", photos, { ownerId: "a:o" })).toContain("<url>urn:guid:a:o</url>");
  });
});

describe("toAtom / toAtom refusals", () => {
  const cases: [string, () => unknown, string][] = [
    ["a value with U+0000", () => toAtom("appdata", one({ k: "a\u0000b" })), "OSK_XML_UNWRITABLE"],
    [
      "a value with a lone surrogate",
      () => toAtom("appdata", one({ k: "\uD83D" })),
      "OSK_XML_UNWRITABLE",
    ],
    ["a value with U+FFFF", () => toAtom("appdata", one({ k: "\uFFFF" })), "OSK_XML_UNWRITABLE"],
    ["a key outside P-DATA-1", () => toAtom("appdata", one({ "a b": "x" })), "OSK_INVALID_KEY"],
    ["an empty key", () => toAtom("appdata", one({ "": "x" })), "OSK_INVALID_KEY"],
    [
      "a 129-character key",
      () => toAtom("appdata", one({ ["k".repeat(129)]: "x" })),
      "OSK_INVALID_KEY",
    ],
    ["a non-string value", () => toAtom("appdata", one({ k: 1 })), "OSK_INVALID_VALUE"],
    [
      "a value of 65,537 characters (P-DATA-1), astral ones counted once",
      () => toAtom("appdata", one({ k: "😀".repeat(65_537) })),
      "OSK_INVALID_VALUE",
    ],
    [
      "a negative count",
      () => toAtom("appdata", one({ k: "v" }, { totalResults: -1 })),
      "OSK_INVALID_VALUE",
    ],
    [
      "entry not an object",
      () => toAtom("appdata", { entry: [] } as unknown as AppDataResponse),
      "OSK_INVALID_VALUE",
    ],
    // an untyped (JavaScript) caller: the types require ownerId for photos (the test above)
    ["photos without ownerId", () => untyped("photos", photos), "OSK_ATOM_OWNER_REQUIRED"],
    [
      "photos with an empty ownerId",
      () => toAtom("photos", photos, { ownerId: "" }),
      "OSK_ATOM_OWNER_REQUIRED",
    ],
    // an empty page as well: the call fails where it is written, not once photos arrive
    [
      "an empty page of photos without ownerId",
      () => untyped("photos", { ...photos, entry: [] }),
      "OSK_ATOM_OWNER_REQUIRED",
    ],
    [
      "a person member that is null",
      () =>
        toAtom("person", {
          entry: { id: "a:b", gender: null },
          startIndex: 0,
          totalResults: 1,
        } as never),
      "OSK_INVALID_VALUE",
    ],
    [
      "a number XML text cannot carry as JSON (NaN)",
      () =>
        toAtom("albums", {
          entry: [{ id: "a:b", ownerId: "a:c", mediaItemCount: Number.NaN }],
          startIndex: 0,
          itemsPerPage: 1,
          totalResults: 1,
        } as never),
      "OSK_INVALID_VALUE",
    ],
    [
      "an album without ownerId",
      () =>
        toAtom("albums", {
          entry: [{ id: "a:b" }],
          startIndex: 0,
          itemsPerPage: 1,
          totalResults: 1,
        } as never),
      "OSK_INVALID_VALUE",
    ],
  ];
  for (const [name, fn, code] of cases) {
    it(`${name} → ${code}`, () => {
      expect(fn).toThrowError(expect.objectContaining({ code }));
    });
  }
  it("numeric-string counts (a lenient rendering) are written as their digits", () => {
    expect(toAtom("appdata", one({ k: "v" }, { startIndex: "0", totalResults: "1" }))).toContain(
      "<opensearch:startIndex>0</opensearch:startIndex>",
    );
  });
  it("strict mode takes the entry date from a date-time `updated`, else the response time", () => {
    const now = new Date("2026-03-04T05:06:07.890Z");
    expect(
      toAtom("appdata", one({ updated: "2025-12-31T23:59:59+09:00" }), { strict: true, now }),
    ).toContain("    <updated>2025-12-31T23:59:59+09:00</updated>");
    expect(toAtom("appdata", one({ updated: "yesterday" }), { strict: true, now })).toContain(
      "    <updated>2026-03-04T05:06:07Z</updated>",
    );
  });
});

/** Every path to a member or item of `value`, the root's members first. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, i) => i)
    : Object.keys(value);
  return keys.flatMap((k) => [
    [...at, k],
    ...paths((value as Record<string | number, unknown>)[k], [...at, k]),
  ]);
}

/** `value` with the member at `path` removed (`undefined`) or replaced. */
function mutated(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

describe("toAtom checks the value as toJson does: fromAtom reads every feed it writes", () => {
  const valid: Record<AtomKind, fc.Arbitrary<unknown>> = {
    appdata: appDataResponse,
    albums: albumList,
    photos: photoList,
    person: personResponse,
    people: friendsList,
  };
  for (const [kind, arbitrary] of Object.entries(valid) as [AtomKind, fc.Arbitrary<unknown>][])
    it(`${kind}: a member removed or of another type is refused, or written so that it reads back`, () => {
      fc.assert(
        fc.property(
          arbitrary,
          fc.nat(),
          fc.constantFrom(undefined, null, 1, -1, "", "x", true, [], {}),
          (value, n, replacement) => {
            const all = paths(value);
            const bad = mutated(value, all[n % all.length] ?? [], replacement);
            let text: string;
            try {
              text = untyped(kind, bad, { ownerId: "example.org:owner" });
            } catch (e) {
              expect(e).toBeInstanceOf(KitError);
              return;
            }
            const read = fromAtom(kind, text);
            expect(read.ok ? [] : read.issues).toEqual([]);
          },
        ),
        { numRuns: 300 },
      );
    });

  it("a person without its required nickname: OSK_INVALID_VALUE at its pointer, as toJson says", () => {
    const person = {
      id: "example.org:a",
      displayName: "A",
      updated: "",
      hasApp: false,
      thumbnailUrl: "",
    };
    expect(() =>
      toAtom("person", { entry: person, startIndex: 0, totalResults: 1 } as never),
    ).toThrowError(
      expect.objectContaining({
        code: "OSK_INVALID_VALUE",
        message: expect.stringContaining("person: /entry/nickname"),
      }),
    );
  });

  it("a friends page without itemsPerPage: OSK_INVALID_VALUE (fromAtom would refuse the feed)", () => {
    expect(() => untyped("people", { entry: [], startIndex: 0, totalResults: 0 })).toThrowError(
      expect.objectContaining({
        code: "OSK_INVALID_VALUE",
        message: expect.stringContaining("itemsPerPage"),
      }),
    );
  });

  it("records given as Maps are written in their order; a bad value in one is refused", () => {
    const page = (record: Map<string, unknown>) =>
      untyped("appdata", {
        entry: { "example.org:a": record },
        id: ["example.org:a"],
        startIndex: 0,
        totalResults: 1,
      });
    expect(
      page(
        new Map([
          ["2nd", "b"],
          ["1st", "a"],
        ]),
      ),
    ).toMatch(/<_x0032_nd>b<\/_x0032_nd>[\s\S]*<_x0031_st>a/);
    expect(() => page(new Map<string, unknown>([["k", 1]]))).toThrowError(
      expect.objectContaining({ code: "OSK_INVALID_VALUE" }),
    );
  });
});
