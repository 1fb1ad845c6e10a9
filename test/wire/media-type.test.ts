/** The one reading of Content-Type labels, for the server and the runner alike. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isJsonFamily,
  mediaTypeOf,
  parseMediaType,
  sameMediaType,
} from "../../src/wire/media-type.js";

/** Label text: letters of both cases, `/+-.`, `;`, `=`, quotes and spaces. */
const label = fc.string({ unit: fc.constantFrom(...'aJx/+-.;= \t"Q1'), maxLength: 24 });
const word = fc.string({ unit: fc.constantFrom(..."abcXYZ09-+."), minLength: 1, maxLength: 8 });

describe("mediaTypeOf", () => {
  it("is what stands before the first ;, trimmed and in lower case", () => {
    fc.assert(
      fc.property(label, (value) => {
        const t = mediaTypeOf(value);
        expect(t).toBe((value.split(";")[0] ?? "").trim().toLowerCase());
        expect(mediaTypeOf(t)).toBe(t);
        expect(parseMediaType(value).type).toBe(t);
      }),
    );
  });
  it("reads no label as the empty type", () => {
    expect(mediaTypeOf(undefined)).toBe("");
    expect(mediaTypeOf(" Application/JSON ;charset=utf-8")).toBe("application/json");
  });
});

describe("parseMediaType", () => {
  it("reads back the parameters a label was written with (names in lower case, quotes off)", () => {
    fc.assert(
      fc.property(
        word,
        fc.dictionary(word, word, { maxKeys: 4 }),
        fc.boolean(),
        (type, params, quoted) => {
          const text = [
            type,
            ...Object.entries(params).map(([n, v]) => (quoted ? `${n}="${v}"` : ` ${n} = ${v} `)),
          ].join(";");
          const lower: Record<string, string> = {};
          for (const [n, v] of Object.entries(params)) lower[n.toLowerCase()] = v;
          expect(parseMediaType(text)).toEqual({ type: type.toLowerCase(), params: lower });
        },
      ),
    );
  });
  it("skips a parameter without =, or whose first character is =", () => {
    expect(parseMediaType("text/plain; flowed;=x; Charset=UTF-8").params).toEqual({
      charset: "UTF-8",
    });
  });
});

describe("isJsonFamily", () => {
  it.each([
    ["application/json", true],
    ["application/problem+json", true],
    ["text/json", false],
    ["application/jsonx", false],
    ["", false],
  ])("%s → %s", (type, json) => {
    expect(isJsonFamily(type)).toBe(json);
  });
});

describe("sameMediaType", () => {
  it.each([
    ["application/json; charset=utf-8", 'APPLICATION/JSON;CHARSET="UTF-8"', true],
    ["application/atom+xml; charset=utf-8", "application/atom+xml ; charset=UTF-8", true],
    ["application/json", "application/json", true],
    ["application/json; charset=utf-8", "application/json", false],
    ["application/json; charset=utf-8", "application/json; charset=utf-16", false],
    ["application/json; charset=utf-8", "text/json; charset=utf-8", false],
    ["application/atom+xml; type=feed", "application/atom+xml; type=Feed", false],
  ])("%s and %s → %s", (a, b, same) => {
    expect(sameMediaType(a, b)).toBe(same);
    expect(sameMediaType(b, a)).toBe(same);
  });
});
