/** Unit checks of the write-body reader (P-DATA-1/2/3, P-FMT-3) with fast-check properties. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFault } from "../../../src/server/fault.js";
import {
  parseWriteBody,
  scanForm,
  scanStringObject,
} from "../../../src/server/handlers/write-body.js";

const enc = (s: string) => new TextEncoder().encode(s);
const JSON_TYPE = "application/json; charset=utf-8";
const FORM = "application/x-www-form-urlencoded";

describe("parseWriteBody", () => {
  it("keeps body order, integer-like keys included (P-FMT-3)", () => {
    const r = parseWriteBody(JSON_TYPE, enc('{"b":"1","10":"2","2":"3"}'));
    expect(isFault(r) ? r : [...r.keys()]).toEqual(["b", "10", "2"]);
  });
  it("a repeated key keeps its first place and last value", () => {
    const r = parseWriteBody(JSON_TYPE, enc('{"a":"1","b":"2","a":"3"}'));
    expect(isFault(r) ? r : [...r]).toEqual([
      ["a", "3"],
      ["b", "2"],
    ]);
  });
  it("form bodies: undecodable percent or invalid UTF-8 → 400 (P-DATA-2)", () => {
    for (const body of ["x=%FF", "x=%E3%81", "x=%zz"])
      expect(parseWriteBody(FORM, enc(body))).toMatchObject({ status: 400 });
  });
  it("a form-labelled JSON object is read as JSON", () => {
    const r = parseWriteBody(FORM, enc('{"a":"x+y"}'));
    expect(isFault(r) ? r : [...r]).toEqual([["a", "x+y"]]);
  });
  it("missing content type → 400", () => {
    expect(parseWriteBody(undefined, enc('{"a":"1"}'))).toMatchObject({ status: 400 });
  });
  it("property: the scanner agrees with JSON.parse on string-valued objects", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.string()),
        fc.constantFrom("", " ", "\n\t", "\r\n", " \r"),
        (obj, ws) => {
          const text = JSON.stringify(obj, null, ws === "" ? undefined : ws);
          const read = scanStringObject(text);
          expect(read && Object.fromEntries(read.pairs)).toEqual(JSON.parse(text));
        },
      ),
    );
  });
  it("property: any string, escaped or not, control characters and astral ones included, reads back", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: "binary" }), fc.string({ unit: "binary" })),
        (obj) => {
          const text = JSON.stringify(obj);
          const read = scanStringObject(text);
          expect(read && Object.fromEntries(read.pairs)).toEqual(JSON.parse(text));
        },
      ),
    );
  });
  it("property: the scanner never throws and refuses what JSON.parse refuses", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const read = scanStringObject(text);
        if (!valid) expect(read).toBeUndefined();
      }),
    );
  });
});

describe("bounded reading (P-DATA-3)", () => {
  it("stops reading at PAIR_LIMIT: a huge body is refused after 100 pairs", () => {
    const form = Array.from({ length: 50_000 }, (_, i) => `k${i}=v`).join("&");
    expect(scanForm(form)?.count).toBe(100);
    const json = `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":"v"`).join(",")}}`;
    expect(scanStringObject(json)?.count).toBe(100);
  });
});

describe("linear reading of hostile strings", () => {
  // A string token read by a pattern of nested repetition ((x+)* style) backtracks
  // exponentially on a string that does not end well: 26 characters then a control character
  // took 430 ms, 28 without a closing quote 9.7 s (and each one more doubles it). Read linearly,
  // each takes microseconds, and 100,000 characters a few milliseconds.
  it.each([
    ["without a closing quote", (n: number) => `{"k":"${"a".repeat(n)}`],
    ["ending in a control character", (n: number) => `{"k":"${"a".repeat(n)}\u0001"}`],
    ["ending in a bad escape", (n: number) => `{"k":"${"a".repeat(n)}\\x"}`],
  ])("a value %s is refused at once, of 28 characters or of 100,000", (_what, make) => {
    for (const n of [28, 100_000]) {
      const start = performance.now();
      expect(scanStringObject(make(n))).toBeUndefined();
      expect(performance.now() - start).toBeLessThan(400);
    }
  });
});
