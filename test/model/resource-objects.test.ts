/** The §2 objects built from world records, as the server's views and the fuzzer's model show them. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { albumObject, personObject, photoObject } from "../../src/model/resource-objects.js";
import { OPTIONAL_PERSON_FIELDS } from "../../src/model/resources.js";
import type { WorldPerson } from "../../src/model/world-file.js";

const photo = {
  url: "u",
  mimeType: "image/png",
  id: "p1",
  title: "",
  albumId: "a1",
  description: "d",
  fileSize: 10,
  thumbnailUrl: "t",
};

describe("photoObject (§2.3)", () => {
  it("has the §2.3 members in their order, and no mimeType", () => {
    expect(Object.keys(photoObject(photo))).toEqual([
      "id",
      "albumId",
      "title",
      "description",
      "fileSize",
      "thumbnailUrl",
      "url",
    ]);
    expect(photoObject(photo)).toMatchObject({ id: "p1", title: "", fileSize: 10 });
  });
});

describe("albumObject (§2.2, P-ALBUM-3)", () => {
  it("has the §2.2 members in their order, the derived ones as given", () => {
    const album = {
      visibility: "friends",
      ownerId: "o",
      id: "a1",
      title: "t",
      caption: "c",
      description: "d",
      thumbnailUrl: "u",
    };
    const a = albumObject(album, { mediaItemCount: 2, mediaMimeType: ["image/png"] });
    expect(Object.keys(a)).toEqual([
      "id",
      "title",
      "caption",
      "description",
      "thumbnailUrl",
      "mediaItemCount",
      "ownerId",
      "mediaMimeType",
    ]);
    expect(a).toMatchObject({ mediaItemCount: 2, mediaMimeType: ["image/png"], ownerId: "o" });
  });
});

const person: WorldPerson = {
  id: "ex:alice",
  nickname: "al",
  displayName: "Alice",
  updated: "2008-01-01T00:00:00Z",
  thumbnailUrl: "t",
  apps: ["a"],
  gender: "female",
  isGuest: false,
  addresses: [{ city: "Kyoto" }],
};

describe("personObject (§2.6, P-PEOPLE-3)", () => {
  it("has the base members in the order of §2.6, hasApp as given", () => {
    expect(personObject(person, { hasApp: true })).toEqual({
      id: "ex:alice",
      nickname: "al",
      displayName: "Alice",
      updated: "2008-01-01T00:00:00Z",
      hasApp: true,
      thumbnailUrl: "t",
    });
    expect(Object.keys(personObject(person, { hasApp: false }))).toEqual([
      "id",
      "nickname",
      "displayName",
      "updated",
      "hasApp",
      "thumbnailUrl",
    ]);
  });
  it("writes isViewer and isOwner only for @self (selfOf given)", () => {
    expect(personObject(person, { hasApp: true, selfOf: "ex:alice" })).toMatchObject({
      isViewer: true,
      isOwner: true,
    });
    expect(personObject(person, { hasApp: true, selfOf: "ex:bob" })).toMatchObject({
      isViewer: false,
      isOwner: false,
    });
    expect(personObject(person, { hasApp: true })).not.toHaveProperty("isViewer");
  });
  it("shows an optional member exactly when it is asked for and the person has it", () => {
    const names = fc.subarray([...OPTIONAL_PERSON_FIELDS, "nosuchfield", "id", "apps"]);
    fc.assert(
      fc.property(names, (fields) => {
        const shown = personObject(person, { hasApp: true, fields });
        const optional = Object.keys(shown).filter((k) =>
          (OPTIONAL_PERSON_FIELDS as readonly string[]).includes(k),
        );
        expect(optional.sort()).toEqual(
          fields.filter((f) => ["gender", "isGuest", "addresses"].includes(f)).sort(),
        );
        expect(shown).not.toHaveProperty("apps");
        expect(shown).not.toHaveProperty("nosuchfield");
      }),
    );
  });
});
