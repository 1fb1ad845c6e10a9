// fromJson / toJson (lenient reading and declared-type writing, P-FMT-6).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromJson } from "../../../src/codecs/json/read.js";
import { toJson } from "../../../src/codecs/json/write.js";
import type { KindValue } from "../../../src/schemas/kind-values.js";
import { validate } from "../../../src/schemas/validate.js";

describe("fromJson", () => {
  it("normalises §2's string renderings to declared types", () => {
    const r = fromJson(
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

  const self = {
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
  };

  it("normalises booleans in a people @self response (kind person)", () => {
    const r = fromJson("person", JSON.stringify(self));
    expect(r).toMatchObject({ ok: true, value: { entry: { hasApp: false } } });
  });

  it("reads people as the @friends collection only: one person is kind person", () => {
    const r = fromJson("people", JSON.stringify(self));
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code])).toContainEqual([
      "/entry",
      "invalid-type",
    ]);
    const friends = { entry: [self.entry], startIndex: 0, itemsPerPage: "1", totalResults: 1 };
    expect(fromJson("people", JSON.stringify(friends))).toMatchObject({
      ok: true,
      value: { entry: [{ hasApp: false }], itemsPerPage: 1 },
    });
  });

  it("reports input that is not text", () => {
    expect(fromJson("error", { error: { code: 500 } } as unknown as string)).toMatchObject({
      ok: false,
      issues: [{ code: "not-json" }],
    });
  });

  it("keeps __proto__ as an ordinary key", () => {
    const r = fromJson("appdata-write", '{"__proto__":"x","constructor":"y"}');
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
    const r = fromJson("appdata", text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.code).toBe(code);
  });

  it("a key outside P-DATA-1's alphabet: named once by its pointer, the rule in the message", () => {
    expect(fromJson("appdata-write", '{"bad key!":"v"}')).toEqual({
      ok: false,
      issues: [
        {
          code: "pattern-mismatch",
          pointer: "/bad key!",
          message:
            'member name "bad key!" is not a key: a key is 1-128 characters of A-Z a-z 0-9 _ . - (P-DATA-1)',
        },
      ],
    });
  });

  it("skips one leading byte order mark (RFC 8259 §8.1: a parser MAY ignore it; P-FMT-6)", () => {
    const text = '{"k":"v"}';
    expect(fromJson("appdata-write", `\uFEFF${text}`)).toEqual(fromJson("appdata-write", text));
    expect(fromJson("appdata-write", `\uFEFF${text}`)).toEqual({ ok: true, value: { k: "v" } });
    // one only: a second is a character before the value
    const two = fromJson("appdata-write", `\uFEFF\uFEFF${text}`);
    expect(two.ok ? [] : two.issues.map((i) => i.code)).toEqual(["not-json"]);
    // not counted against the length limit: the text is what follows it
    expect(
      fromJson("appdata-write", `\uFEFF${text}`, { limits: { maxLength: text.length } }).ok,
    ).toBe(true);
  });

  it("refuses text over the length limit without parsing it", () => {
    const r = fromJson("error", `"${"x".repeat(100)}"`, { limits: { maxLength: 50 } });
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
          const r = fromJson(kind, input as string);
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
    const wire = { error: { code: "404", message: "no" } };
    expect(toJson("error", wire as unknown as KindValue<"error">)).toBe(
      '{"error":{"code":404,"message":"no"}}',
    );
  });
  it("throws OSK_INVALID_VALUE for an invalid value", () => {
    expect(() => toJson("appdata-write", {})).toThrowError(
      expect.objectContaining({ code: "OSK_INVALID_VALUE" }),
    );
  });
});

describe("anyIdForm: ids outside §2.1's form (fromJson and validate, as fromAtom)", () => {
  const person = (id: string) => ({
    entry: { id, nickname: "j", displayName: "J", updated: "", hasApp: "true", thumbnailUrl: "" },
    startIndex: "0",
    totalResults: 1,
  });
  it("an id without a namespace is an issue by default, and read with the option", () => {
    const text = JSON.stringify(person("john.doe"));
    const strictForm = fromJson("person", text);
    expect(strictForm.ok ? [] : strictForm.issues.map((i) => [i.code, i.pointer])).toEqual([
      ["pattern-mismatch", "/entry/id"],
    ]);
    const read = fromJson("person", text, { anyIdForm: true });
    // still read leniently: the renderings are normalised, as for any other value
    expect(
      read.ok && [read.value.entry.id, read.value.startIndex, read.value.entry.hasApp],
    ).toEqual(["john.doe", 0, true]);
    const checked = validate("person", person("john.doe"), { anyIdForm: true });
    expect(checked.ok && checked.value.startIndex).toBe(0);
  });
  it("every other issue stays one", () => {
    const { nickname: _n, ...entry } = person("john.doe").entry;
    const r = fromJson("person", JSON.stringify({ ...person("x"), entry }), { anyIdForm: true });
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.pointer])).toEqual([
      ["missing-member", "/entry/nickname"],
    ]);
    const s = validate(
      "person",
      { ...person("john.doe"), startIndex: "0" },
      {
        mode: "strict",
        anyIdForm: true,
      },
    );
    expect(s.ok ? [] : s.issues.map((i) => i.code)).toContain("string-rendered");
  });
});
