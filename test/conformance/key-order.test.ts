import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillOrdered, memberOrder, stringifyOrdered } from "../../src/conformance/key-order.js";
import type { TemplateContext } from "../../src/conformance/template.js";

const ctx: TemplateContext = {
  users: { viewer: "ns:a" },
  namespace: "ns",
  unique: "t1",
  captures: new Map(),
};

describe("member order as written", () => {
  it("reads member names in text order, integer-like ones included, at every pointer", () => {
    const order = memberOrder('{"b":1, "10":[{"2":0,"1":0}], "a":{"z~/":"}\\"{", "9":null}}');
    expect(order.get("")).toEqual(["b", "10", "a"]);
    expect(order.get("/10/0")).toEqual(["2", "1"]);
    expect(order.get("/a")).toEqual(["z~/", "9"]);
    expect(memberOrder("{not json").size).toBe(0);
  });

  it("writes bodies in the case's order, placeholders filled", () => {
    // names that become integer-like only once filled keep the case's order
    const spec = {
      "k{unique}": "x",
      "2{uniqueDigits}": ["{viewer}"],
      "1{uniqueDigits}": { a: 1, b: true },
    };
    const text = stringifyOrdered(fillOrdered(spec, ctx));
    expect(text).toMatch(/^\{"kt1":"x","2\d{8}":\["ns:a"\],"1\d{8}":\{"a":1,"b":true\}\}$/);
    expect(Object.keys(JSON.parse(text))[0]).toMatch(/^1\d{8}$/); // what JSON.parse would do
  });

  it("agrees with JSON.parse on values and with the text on order", () => {
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
        const text = JSON.stringify(obj);
        expect(memberOrder(text).get("")).toEqual(Object.keys(obj));
        expect(JSON.parse(stringifyOrdered(fillOrdered(obj, ctx)))).toEqual(obj);
      }),
    );
  });
});
