import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillOrdered, stringifyOrdered } from "../../../src/conformance/request/ordered-json.js";
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

describe("request bodies in the case's member order", () => {
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
