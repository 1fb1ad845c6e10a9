// parseJson / toJson (issue 2 item 4; lenient reading and declared-type writing, P-FMT-6).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson } from "../../../src/codecs/json/parse.js";
import { toJson } from "../../../src/codecs/json/write.js";

describe("parseJson", () => {
  it("normalises §2's string renderings to declared types", () => {
    const r = parseJson(
      "albums",
      '{"entry":[{"id":"e:a","title":"t","caption":"c","description":"d","thumbnailUrl":"u","mediaItemCount":"12","ownerId":"e:o","mediaMimeType":[]}],"startIndex":"0","itemsPerPage":"20","totalResults":"1"}',
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.entry[0]?.mediaItemCount).toBe(12);
      expect(r.value.startIndex).toBe(0);
      expect(r.value.itemsPerPage).toBe(20);
    }
  });

  it("normalises booleans in a people @self response", () => {
    const r = parseJson("people", {
      entry: {
        id: "e:a",
        nickname: "a",
        displayName: "A",
        updated: "u",
        hasApp: "false",
        thumbnailUrl: "t",
      },
      startIndex: 0,
      totalResults: 1,
    });
    expect(r).toMatchObject({ ok: true, value: { entry: { hasApp: false } } });
  });

  it("does not modify a value passed in", () => {
    const v = { error: { code: "500", message: "m" } };
    expect(parseJson("error", v)).toEqual({
      ok: true,
      value: { error: { code: 500, message: "m" } },
    });
    expect(v.error.code).toBe("500");
  });

  it("keeps __proto__ as an ordinary key", () => {
    const r = parseJson("appdata-write", '{"__proto__":"x","constructor":"y"}');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(Object.keys(r.value)).toEqual(["__proto__", "constructor"]);
      expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    }
  });

  it.each([
    ["not JSON", "{", "not-json"],
    ["too deep", `${"[".repeat(100)}${"]".repeat(100)}`, "too-deep"],
    [
      "brackets in strings do not count",
      `{"entry":{},"id":["${"[".repeat(100)}"],"startIndex":0,"totalResults":0}`,
      "pattern-mismatch",
    ],
  ])("reports %s as an issue", (_name, text, code) => {
    const r = parseJson("appdata", text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.code).toBe(code);
  });

  it("refuses text over the length limit without parsing it", () => {
    const r = parseJson("error", `"${"x".repeat(100)}"`, { maxLength: 50 });
    expect(r).toEqual({ ok: false, issues: [expect.objectContaining({ code: "too-large" })] });
  });

  it("never throws on arbitrary JSON values or text", () => {
    const kinds = [
      "albums",
      "photos",
      "appdata",
      "person",
      "people",
      "appdata-write",
      "error",
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.oneof(fc.jsonValue(), fc.json(), fc.string()),
        (kind, input) => {
          const r = parseJson(kind, input);
          expect(typeof r.ok).toBe("boolean");
          if (!r.ok)
            for (const i of r.issues)
              expect(i.pointer === "" || i.pointer.startsWith("/")).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("toJson", () => {
  it("writes declared types", () => {
    expect(toJson("error", { error: { code: "404", message: "no" } })).toBe(
      '{"error":{"code":404,"message":"no"}}',
    );
  });
  it("throws OSK_INVALID_VALUE for an invalid value", () => {
    expect(() => toJson("appdata-write", {})).toThrowError(
      expect.objectContaining({ code: "OSK_INVALID_VALUE" }),
    );
  });
});
