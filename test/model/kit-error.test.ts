// Every thrown error code, from one table per kind of error (the undici habit): a `KitError` for a
// programming mistake, an `OperationalError` for the world the kit runs in.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fromAtom } from "../../src/codecs/atom/index.js";
import { toJson } from "../../src/codecs/json/write.js";
import { formatPlatformId } from "../../src/model/ids.js";
import { KIT_ERROR_CODES, KitError, type KitErrorCode } from "../../src/model/kit-error.js";
import {
  OPERATIONAL_ERROR_CODES,
  OperationalError,
  type OperationalErrorCode,
} from "../../src/model/operational-error.js";
import { findPackageRoot } from "../../src/model/package-root.js";
import { randomHex } from "../../src/oauth/random-hex.js";
import { publicOrigin } from "../../src/server/public-url.js";
import { openStore } from "../../src/server/store/open.js";

const triggers: Partial<Record<KitErrorCode, () => unknown>> = {
  OSK_INVALID_VALUE: () => toJson("albums", { entry: "x" } as never),
  OSK_INVALID_ID: () => formatPlatformId("", "alice"),
  OSK_INVALID_BYTE_COUNT: () => randomHex(-1),
  OSK_INVALID_LIMIT: () => fromAtom("people", "<feed/>", { limits: { maxDepth: Number.NaN } }),
  OSK_PACKAGE_ROOT: () => findPackageRoot(tmpdir()),
};

const dir = mkdtempSync(join(tmpdir(), "osk-errors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const operationalTriggers: Record<OperationalErrorCode, () => unknown> = {
  OSK_INVALID_PUBLIC_URL: () => publicOrigin("ftp://sandbox.example"),
  OSK_STORE_UNAVAILABLE: async () => {
    // a store closed under a late request refuses it
    const store = openStore(join(dir, "closed.sqlite"));
    if (!store.ok) throw new Error("a SQLite file in a temporary folder opens");
    await store.value.close();
    return store.value.read("app", "example.org:alice");
  },
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

describe("OperationalError codes", () => {
  for (const code of Object.keys(OPERATIONAL_ERROR_CODES) as OperationalErrorCode[]) {
    it(`${code} carries its code and message, and is no KitError`, () => {
      const e = new OperationalError(code, "detail");
      expect(e.code).toBe(code);
      expect(e.message).toBe(`${OPERATIONAL_ERROR_CODES[code]}: detail`);
      expect(e).toBeInstanceOf(Error);
      expect(e).not.toBeInstanceOf(KitError);
    });
    it(`${code} is what the library throws for its trigger`, async () => {
      const thrown = await (async () => operationalTriggers[code]())().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(OperationalError);
      expect(thrown).toMatchObject({ code });
    });
  }
});
