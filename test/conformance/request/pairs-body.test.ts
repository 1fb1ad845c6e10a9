/**
 * A `pairs` body (pairs-body.ts) is exactly what its definition spells: JSON.stringify of the
 * object of its pairs (integer-like keys included: they come in ascending order either way), or
 * `key=encodeURIComponent(value)` joined by `&`; a filler kept from the body before is the
 * filler asked for, never the last one's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PairsBodySpec, pairsBody } from "../../../src/conformance/request/pairs-body.js";

/** The body as the definition spells it. */
function defined(spec: PairsBodySpec): string {
  const entries: [string, string][] = [];
  const filler = spec.filler ? spec.filler.char.repeat(spec.filler.length) : undefined;
  for (let i = 0; i < spec.count; i++) entries.push([`${spec.prefix}${i}`, filler ?? `v${i}`]);
  return spec.form
    ? entries.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")
    : JSON.stringify(Object.fromEntries(entries));
}

const spec: fc.Arbitrary<PairsBodySpec> = fc.record(
  {
    prefix: fc.oneof(fc.constantFrom("", "0", "1", "9", "k-", "__proto__"), fc.string()),
    count: fc.integer({ min: 0, max: 120 }),
    filler: fc.record({
      char: fc.constantFrom("x", "é", "😀", '"', "\\", "\u0001", "&", "+"),
      length: fc.integer({ min: 0, max: 300 }),
    }),
    form: fc.boolean(),
  },
  { requiredKeys: ["prefix", "count", "form"] },
);

describe("pairsBody", () => {
  it("property: spells what JSON.stringify or the form spelling gives, body after body", () => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 4 }), (specs) => {
        for (const s of specs) expect(Buffer.from(pairsBody(s)).toString("utf8")).toBe(defined(s));
      }),
      { numRuns: 300 },
    );
  });

  it("integer-like keys: ascending, as JSON.stringify orders them", () => {
    const text = Buffer.from(pairsBody({ prefix: "", count: 12, form: false })).toString();
    expect(Object.keys(JSON.parse(text))).toEqual([...Array(12).keys()].map(String));
    expect(text).toBe(defined({ prefix: "", count: 12, form: false }));
  });
});
