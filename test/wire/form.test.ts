/** The one reading of form-encoded text, for OAuth signing and the write path alike. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeForm } from "../../src/wire/form.js";

/** A component as a form encoder writes it: percent-encoded UTF-8, a space as `+`. */
const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
/** Any well-formed text (no lone surrogates), characters that need escaping included. */
const text = fc.string({
  unit: fc.oneof(fc.constantFrom(..."a Z0+%&=;~é"), fc.string({ unit: "grapheme", maxLength: 1 })),
});

describe("decodeForm", () => {
  it("reads back the pairs a form encoder wrote, in order, repeats kept", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text)), (pairs) => {
        const r = decodeForm(pairs.map(([n, v]) => `${encode(n)}=${encode(v)}`).join("&"));
        expect(r).toEqual({ ok: true, value: pairs });
      }),
    );
  });
  it("skips empty segments; a segment without = is a name with an empty value", () => {
    expect(decodeForm("&a&&b=1+2&=&c=%3D=")).toEqual({
      ok: true,
      value: [
        ["a", ""],
        ["b", "1 2"],
        ["", ""],
        ["c", "=="],
      ],
    });
  });
  it("stops after maxPairs, leaving the rest undecoded", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text)), fc.nat({ max: 5 }), (pairs, max) => {
        const form = pairs.map(([n, v]) => `${encode(n)}=${encode(v)}`).join("&");
        expect(decodeForm(`${form}&%ZZ`, max)).toEqual(
          max <= pairs.length
            ? { ok: true, value: pairs.slice(0, max) }
            : expect.objectContaining({ ok: false }),
        );
      }),
    );
  });
  it.each(["%ZZ", "a=%", "a=%E9", "%C3%28=x", "a=1&b=%zz"])(
    "a malformed escape in %j is form-malformed",
    (t) => {
      const r = decodeForm(t);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.code)).toEqual(["form-malformed"]);
    },
  );
});
