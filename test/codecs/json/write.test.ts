/**
 * `toJson` throws only its documented KitError (OSK_INVALID_VALUE) for a value it cannot write,
 * never a raw TypeError or RangeError: a member that holds itself, a value nested deeper than the
 * stack. `validate` reports the deep value as an issue (too-deep), never a throw.
 */
import { describe, expect, it } from "vitest";
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
});
