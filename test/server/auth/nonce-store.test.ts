/** The nonce store (P-AUTH-3): replays refused within the window, entries freed after it. */
import { describe, expect, it } from "vitest";
import { TIMESTAMP_WINDOW_S } from "../../../src/model/limits.js";
import { nonceStore } from "../../../src/server/auth/nonce-store.js";

describe("nonceStore", () => {
  it("refuses a replay while the timestamp is in the window, per consumer key", () => {
    const s = nonceStore();
    const now = 1_000_000_000;
    expect(s.claim("k", "n", now, now * 1000)).toBe(true);
    expect(s.claim("k", "n", now, now * 1000 + 299_000)).toBe(false);
    expect(s.claim("other", "n", now, now * 1000)).toBe(true);
  });
  it("forgets a nonce once its timestamp has left the window", () => {
    const s = nonceStore();
    const now = 1_000_000_000;
    for (let i = 0; i < 1000; i++) s.claim("k", `n${i}`, now - (i % 50), now * 1000);
    expect(s.size).toBe(1000);
    s.claim("k", "late", now + TIMESTAMP_WINDOW_S + 1, (now + TIMESTAMP_WINDOW_S + 1) * 1000);
    expect(s.size).toBe(1);
  });
});

describe("nonceStore bound", () => {
  it("refuses a new pair once full (store unavailable → 503), still refuses replays, frees room after the window", () => {
    const s = nonceStore({ maxPairs: 2 });
    const now = 1_000_000_000;
    expect(s.claim("k", "a", now, now * 1000)).toBe(true);
    expect(s.claim("k", "b", now, now * 1000)).toBe(true);
    expect(() => s.claim("k", "c", now, now * 1000)).toThrow(
      expect.objectContaining({ code: "OSK_STORE_UNAVAILABLE" }),
    );
    expect(s.size).toBe(2);
    expect(s.claim("k", "a", now, now * 1000)).toBe(false);
    const later = (now + TIMESTAMP_WINDOW_S + 1) * 1000;
    expect(s.claim("k", "c", now + TIMESTAMP_WINDOW_S + 1, later)).toBe(true);
  });
});
