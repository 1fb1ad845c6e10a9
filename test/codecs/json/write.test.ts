/**
 * `toJson` throws only its documented KitErrors for a value it cannot write, never a raw
 * TypeError or RangeError: OSK_INVALID_VALUE for a member that holds itself, a value nested
 * deeper than the stack; OSK_UNKNOWN_KIND for a kind name it does not know, as `toAtom` does.
 * `validate` reports the deep value as an issue (too-deep), never a throw.
 */
import { describe, expect, it } from "vitest";
import { toAtom } from "../../../src/codecs/atom/write.js";
import { toJson } from "../../../src/codecs/json/write.js";
import type { KindValue } from "../../../src/schemas/kind-values.js";
import { validate } from "../../../src/schemas/validate.js";

/** An object 200,000 levels deep. */
function deep(): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let i = 0; i < 200_000; i++) {
    const next: Record<string, unknown> = {};
    at.x = next;
    at = next;
  }
  return root;
}

describe("toJson", () => {
  it("a member holding itself: KitError OSK_INVALID_VALUE", () => {
    const extra: Record<string, unknown> = {};
    extra.self = extra;
    const value = { error: { code: 400, message: "m", extra } } as KindValue<"error">;
    expect(validate("error", value).ok).toBe(true);
    expect(() => toJson("error", value)).toThrowError(
      expect.objectContaining({ name: "KitError", code: "OSK_INVALID_VALUE" }),
    );
  });

  it("a value 200,000 levels deep: KitError OSK_INVALID_VALUE; validate says too-deep", () => {
    const value = { error: { code: 400, message: "m", extra: deep() } } as KindValue<"error">;
    const r = validate("error", value);
    expect(r.ok ? "ok" : r.issues[0]?.code).toBe("too-deep");
    expect(() => toJson("error", value)).toThrowError(
      expect.objectContaining({ name: "KitError", code: "OSK_INVALID_VALUE" }),
    );
  });

  it("an error message of any length is written and read back (P-ERR-1 bounds no message)", () => {
    // a server that echoes a long id in its 404 must not get a throw (and answer 500) from toJson
    const value = { error: { code: 404, message: `no such person: ${"x".repeat(100_000)}` } };
    const text = toJson("error", value);
    expect(JSON.parse(text)).toEqual(value);
    expect(validate("error", value, { mode: "strict" }).ok).toBe(true);
  });

  it("an unknown kind: KitError OSK_UNKNOWN_KIND, the code toAtom throws for it", () => {
    expect(() => toJson("nope" as "error", { error: { code: 400, message: "m" } })).toThrowError(
      expect.objectContaining({ name: "KitError", code: "OSK_UNKNOWN_KIND" }),
    );
    expect(() => toAtom("nope" as "people", {} as KindValue<"people">)).toThrowError(
      expect.objectContaining({ name: "KitError", code: "OSK_UNKNOWN_KIND" }),
    );
  });
});
