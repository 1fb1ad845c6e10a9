/**
 * The independent server's JSON reader and writer (node-server/ojson.mjs), against the
 * platform's: any JSON text reads as JSON.parse reads it (member order kept), any value writes
 * to a text JSON.parse reads back, and a string that RFC 8259 refuses is refused. Its strings
 * are read and written by runs, not character by character: a 1 MB value took 100 ms a parse
 * (three parses a write), which starved generated-world runs on a loaded machine.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the independent implementation
import { OrderedObj, parseOrdered, stringify } from "./node-server/ojson.mjs";

type Parsed = unknown;
const plain = (v: Parsed): unknown =>
  v instanceof OrderedObj
    ? Object.fromEntries((v as { entries: [string, Parsed][] }).entries.map(([k, x]) => [k, plain(x)]))
    : Array.isArray(v)
      ? v.map(plain)
      : v;

describe("ojson", () => {
  it("property: reads any JSON text as JSON.parse does, keeping member order", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(JSON.stringify(plain(parseOrdered(text)))).toBe(text);
      }),
    );
  });

  it("property: writes any string so that JSON.parse reads it back", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(parseOrdered(JSON.stringify(s))).toBe(s);
        expect(JSON.parse(stringify(s))).toBe(s);
      }),
    );
  });

  it.each(['"a\u0001"', '"abc', '"\\x"', '"a\\u12"', '"a"x'])("refuses %j", (text) => {
    expect(() => parseOrdered(text)).toThrow();
  });
});
