// Property: fromJson(toJson(x)) is identity for generated valid values, of every kind.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromJson } from "../../../src/codecs/json/read.js";
import { toJson } from "../../../src/codecs/json/write.js";
import type { KindValue } from "../../../src/schemas/kind-values.js";
import { validate } from "../../../src/schemas/validate.js";
import { arbitraries } from "./arbitraries.js";

describe("JSON round trip", () => {
  for (const [kind, arb] of Object.entries(arbitraries)) {
    it(`fromJson(toJson(x)) = x for ${kind}`, () => {
      fc.assert(
        fc.property(arb, (value) => {
          expect(validate(kind as keyof typeof arbitraries, value, { mode: "strict" })).toEqual({
            ok: true,
            value,
          });
          const text = toJson(kind as keyof typeof arbitraries, value);
          expect(fromJson(kind as keyof typeof arbitraries, text)).toEqual({ ok: true, value });
        }),
        { numRuns: 150 },
      );
    });
  }

  it("a string rendering read leniently writes back with the declared type", () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 31 }), fc.boolean(), (n, b) => {
        const wire = {
          entry: {
            id: "e:a",
            nickname: "a",
            displayName: "A",
            updated: "u",
            hasApp: String(b),
            thumbnailUrl: "t",
          },
          startIndex: String(n),
          totalResults: 1,
        };
        const parsed = JSON.parse(toJson("person", wire as unknown as KindValue<"person">));
        expect(parsed.startIndex).toBe(n);
        expect(parsed.entry.hasApp).toBe(b);
      }),
    );
  });
});
