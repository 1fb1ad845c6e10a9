// The writers' refusals: values XML or the profile cannot carry are typed
// errors (KitError codes), never broken output.
import { describe, expect, it } from "vitest";
import { toAtom } from "../../../src/codecs/atom/index.js";
import type { AppDataResponse, PhotoList } from "../../../src/model/responses.js";

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
