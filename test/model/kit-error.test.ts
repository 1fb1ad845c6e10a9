// Every thrown error code, from one table (the undici habit).
import { describe, expect, it } from "vitest";
import { toJson } from "../../src/codecs/json/write.js";
import { formatPlatformId } from "../../src/model/ids.js";
import { KIT_ERROR_CODES, KitError, type KitErrorCode } from "../../src/model/kit-error.js";
import { publicOrigin } from "../../src/server/public-url.js";

const triggers: Partial<Record<KitErrorCode, () => unknown>> = {
  OSK_INVALID_VALUE: () => toJson("albums", { entry: "x" } as never),
  OSK_INVALID_ID: () => formatPlatformId("", "alice"),
  OSK_INVALID_PUBLIC_URL: () => publicOrigin("ftp://sandbox.example"),
};

describe("KitError codes", () => {
  for (const code of Object.keys(KIT_ERROR_CODES) as KitErrorCode[]) {
    it(`${code} carries its code and message`, () => {
      const e = new KitError(code, "detail");
      expect(e.code).toBe(code);
      expect(e.message).toBe(`${KIT_ERROR_CODES[code]}: detail`);
      expect(e).toBeInstanceOf(Error);
    });
  }
  for (const [code, trigger] of Object.entries(triggers)) {
    it(`${code} is what the library throws for its trigger`, () => {
      expect(trigger).toThrowError(expect.objectContaining({ code }));
    });
  }
});
