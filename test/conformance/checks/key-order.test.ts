import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toAtom } from "../../../src/codecs/atom/index.js";
import {
  atomDataOrder,
  fillOrdered,
  stringifyOrdered,
} from "../../../src/conformance/checks/key-order.js";
import type { TemplateContext } from "../../../src/conformance/request/template.js";

const ctx: TemplateContext = {
  users: { viewer: "ns:a" },
  namespace: "ns",
  unique: "t1",
  captures: new Map(),
};

/** `value` with its placeholders filled, in order; a placeholder `ctx` cannot fill fails. */
function filled(value: unknown) {
  const r = fillOrdered(value, ctx);
  if (!r.ok) throw new Error(`cannot fill: ${r.problem.code}`);
  return r.value;
}

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

  it("reads a person's or album's children in document order, one name per array member (P-FMT-7)", () => {
    const album = {
      id: "ns:al",
      title: "t",
      mediaMimeType: ["image/png", "image/gif"],
      ownerId: "ns:a",
      mediaItemCount: 2,
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
    ]);
    expect(order.get("/entry/1")).toEqual(["id", "title", "ownerId", "mediaItemCount"]);
    const person = toAtom("person", {
      entry: {
        id: "ns:a",
        nickname: "n",
        addresses: [{ region: "r" }, { region: "s" }],
        hasApp: true,
      },
      startIndex: 0,
      totalResults: 1,
    } as never);
    expect(atomDataOrder(person, "person").get("/entry")).toEqual([
      "id",
      "nickname",
      "addresses",
      "hasApp",
    ]);
  });

  it("writes bodies in the case's order, placeholders filled", () => {
    // names that become integer-like only once filled keep the case's order
    const spec = {
      "k{unique}": "x",
      "2{uniqueDigits}": ["{viewer}"],
      "1{uniqueDigits}": { a: 1, b: true },
    };
    const text = stringifyOrdered(filled(spec));
    expect(text).toMatch(/^\{"kt1":"x","2\d{8}":\["ns:a"\],"1\d{8}":\{"a":1,"b":true\}\}$/);
    expect(Object.keys(JSON.parse(text))[0]).toMatch(/^1\d{8}$/); // what JSON.parse would do
  });

  it("writes JSON that parses to the case's values", () => {
    const plain = fc.string().filter((s) => !s.includes("{"));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        plain,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(plain, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(plain, json, { maxKeys: 8 }), (obj) => {
        expect(JSON.parse(stringifyOrdered(filled(obj)))).toEqual(obj);
      }),
    );
  });
});
