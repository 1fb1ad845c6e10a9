import { describe, expect, it } from "vitest";
import { toAtom } from "../../../src/codecs/atom/index.js";
import { atomDataOrder } from "../../../src/conformance/checks/key-order.js";

describe("member order as written", () => {
  it("reads an Atom record's keys in document order, integer-like and escaped ones included (P-FMT-3)", () => {
    const feed = toAtom("appdata", {
      entry: {
        "ns:a": new Map([
          ["z", "1"],
          ["20", "2"],
          ["10", "3"],
          ["_x0041_", "4"],
        ]),
      },
      id: ["ns:a"],
      startIndex: 0,
      totalResults: 1,
    } as never);
    expect(atomDataOrder(feed, "appdata").get("/entry/ns:a")).toEqual(["z", "20", "10", "_x0041_"]);
    expect(atomDataOrder("<feed", "appdata").size).toBe(0);
  });

  it("finds a record under the id the codec reads, the urn:guid: prefix in any letter case (RFC 8141 §3.1)", () => {
    const feed = toAtom("appdata", {
      entry: { "ns:a": { z: "1", y: "2" } },
      id: ["ns:a"],
      startIndex: 0,
      totalResults: 1,
    }).replace("<id>urn:guid:", "<id>URN:Guid:");
    expect(atomDataOrder(feed, "appdata").get("/entry/ns:a")).toEqual(["z", "y"]);
  });

  it("reads a person's or album's children in document order, one name per array member (P-FMT-7)", () => {
    const album = {
      id: "ns:al",
      title: "t",
      mediaMimeType: ["image/png", "image/gif"],
      ownerId: "ns:a",
      mediaItemCount: 2,
      caption: "",
      description: "",
      thumbnailUrl: "",
    };
    const feed = toAtom("albums", {
      entry: [album, { ...album, id: "ns:b", mediaMimeType: [] }],
      startIndex: 0,
      itemsPerPage: 20,
      totalResults: 2,
    } as never);
    const order = atomDataOrder(feed, "albums");
    expect(order.get("/entry/0")).toEqual([
      "id",
      "title",
      "mediaMimeType",
      "ownerId",
      "mediaItemCount",
      "caption",
      "description",
      "thumbnailUrl",
    ]);
    expect(order.get("/entry/1")).toEqual([
      "id",
      "title",
      "ownerId",
      "mediaItemCount",
      "caption",
      "description",
      "thumbnailUrl",
    ]);
    const person = toAtom("person", {
      entry: {
        id: "ns:a",
        nickname: "n",
        addresses: [{ region: "r" }, { region: "s" }],
        hasApp: true,
        displayName: "d",
        updated: "",
        thumbnailUrl: "",
      },
      startIndex: 0,
      totalResults: 1,
    } as never);
    expect(atomDataOrder(person, "person").get("/entry")).toEqual([
      "id",
      "nickname",
      "addresses",
      "hasApp",
      "displayName",
      "updated",
      "thumbnailUrl",
    ]);
  });
});
