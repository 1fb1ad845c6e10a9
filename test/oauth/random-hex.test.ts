/** The pooled random hex behind nonces (P-AUTH-3: unique per consumer key within the window). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/oauth/index.js";
import { randomHex } from "../../src/oauth/random-hex.js";

describe("randomHex", () => {
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

  it("is the nonce signRequest makes when none is given", () => {
    const s = signRequest({
      method: "GET",
      url: "http://example.org/os/0.8/people/@me/@self",
      consumerKey: "k",
      consumerSecret: "s",
    });
    expect(s.headers.authorization).toMatch(/oauth_nonce="[0-9a-f]{24}"/);
  });
});
