// Identifiers of social-api.md §2.1 and the urn:guid: form of P-FMT-2.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPlatformId,
  fromUrnGuid,
  isPlatformId,
  parsePlatformId,
  toUrnGuid,
} from "../../src/model/ids.js";

describe("platformUserId", () => {
  it("splits at the first colon", () => {
    expect(parsePlatformId("example.org:alice")).toEqual({
      namespace: "example.org",
      value: "alice",
    });
    expect(parsePlatformId("ns:a:b")).toEqual({ namespace: "ns", value: "a:b" });
  });
  it.each(["alice", ":alice", "example.org:", ""])("rejects %j", (id) => {
    expect(parsePlatformId(id)).toBeUndefined();
    expect(isPlatformId(id)).toBe(false);
  });
  it("formats and parses back", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => !s.includes(":")),
        fc.string({ minLength: 1 }),
        (ns, v) => {
          expect(parsePlatformId(formatPlatformId(ns, v))).toEqual({ namespace: ns, value: v });
        },
      ),
    );
  });
  it("refuses a namespace with a colon", () => {
    expect(() => formatPlatformId("a:b", "c")).toThrowError(
      expect.objectContaining({ code: "OSK_INVALID_ID" }),
    );
  });
});

describe("urn:guid:", () => {
  it("round-trips", () => {
    expect(toUrnGuid("example.org:alice")).toBe("urn:guid:example.org:alice");
    expect(fromUrnGuid("urn:guid:example.org:alice")).toBe("example.org:alice");
  });
  it.each([
    "example.org:alice",
    "urn:guid:",
    "URN:GUID:",
    "urn:uuid:x",
    "urn:guidx",
    "urn:gu\u0131d:x",
  ])("rejects %j", (urn) => {
    expect(fromUrnGuid(urn)).toBeUndefined();
  });
  it("reads the prefix in any letter case, the id after it as written (RFC 8141 §3.1, P-FMT-6)", () => {
    expect(fromUrnGuid("URN:GUID:Example.org:Alice")).toBe("Example.org:Alice");
    fc.assert(
      fc.property(
        fc.mixedCase(fc.constant("urn:guid:")),
        fc.string({ minLength: 1 }),
        (prefix, id) => {
          expect(fromUrnGuid(prefix + id)).toBe(id);
          expect(fromUrnGuid(prefix + id)).toBe(fromUrnGuid(toUrnGuid(id)));
        },
      ),
    );
  });
});
