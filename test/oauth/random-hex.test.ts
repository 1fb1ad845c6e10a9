/** The pooled random hex behind nonces (P-AUTH-3: unique per consumer key within the window). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomHex } from "../../src/oauth/random-hex.js";

describe("randomHex", () => {
  it("refuses a count that is not a whole number, 0 or more: KitError OSK_INVALID_BYTE_COUNT", () => {
    for (const n of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => randomHex(n)).toThrowError(
        expect.objectContaining({ code: "OSK_INVALID_BYTE_COUNT" }),
      );
  });

  it("gives 2 × bytes lower-case hex characters", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => {
        expect(randomHex(n)).toMatch(new RegExp(`^[0-9a-f]{${2 * n}}$`));
      }),
    );
  });

  it("never repeats a 12-byte nonce across many pool refills", () => {
    // 50,000 × 12 bytes is about 146 refills of the 4 KiB pool
    const seen = new Set<string>();
    for (let i = 0; i < 50_000; i++) seen.add(randomHex(12));
    expect(seen.size).toBe(50_000);
  });

  it("hands out fresh bytes at a refill, not the previous pool again", () => {
    const before = Array.from({ length: 4096 }, () => randomHex(1)).join("");
    const after = Array.from({ length: 4096 }, () => randomHex(1)).join("");
    expect(after).not.toBe(before);
  });
});
