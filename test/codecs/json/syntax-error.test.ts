/**
 * The JSON fault locator agrees with `JSON.parse` on what is JSON (generated, mutated and
 * random texts), and says where a fault is by line and column without quoting the text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSyntaxErrorAt, jsonSyntaxMessage } from "../../../src/codecs/json/syntax-error.js";

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** JSON texts with whitespace of every kind between tokens. */
const jsonText = fc
  .tuple(fc.json(), fc.constantFrom("", " ", "\n", "\t", "\r\n  "))
  .map(([t, ws]) => t.replace(/([,:[\]{}])/g, `${ws}$1${ws}`).replace(/^/, ws));

/** One character inserted, deleted or replaced, from JSON's own alphabet and beyond. */
const mutated = fc
  .tuple(
    jsonText,
    fc.nat(),
    fc.constantFrom("ins", "del", "rep"),
    fc.constantFrom(...'{}[]:,"\\ 0-1.eE+tfnu\u0001xé\n'),
  )
  .map(([t, at, op, c]) => {
    const i = t.length === 0 ? 0 : at % (t.length + (op === "ins" ? 1 : 0));
    if (op === "ins") return t.slice(0, i) + c + t.slice(i);
    if (op === "del") return t.slice(0, i) + t.slice(i + 1);
    return t.slice(0, i) + c + t.slice(i + 1);
  });

const jsonish = fc.stringMatching(/^[{}[\]:,"\\ 0-9.eE+\-tfrueanl\n]{0,24}$/);

describe("jsonSyntaxErrorAt", () => {
  it("finds no fault exactly when JSON.parse accepts the text", () => {
    fc.assert(
      fc.property(fc.oneof(jsonText, mutated, jsonish), (text) => {
        const at = jsonSyntaxErrorAt(text);
        expect(at === undefined).toBe(parses(text));
        if (at !== undefined) expect(at).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 3000 },
    );
  });

  it("where JSON.parse names a position, the same one", () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.oneof(mutated, jsonish), (text) => {
        let message = "";
        try {
          JSON.parse(text);
        } catch (e) {
          message = (e as Error).message;
        }
        const v8 = /at position (\d+)/.exec(message)?.[1];
        if (v8 === undefined) return;
        compared++;
        expect(jsonSyntaxErrorAt(text)).toBe(Number(v8));
      }),
      { numRuns: 3000 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  it("any depth: 100,000 nested arrays, one bracket short", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(99_999)}`;
    expect(jsonSyntaxErrorAt(deep)).toBe(deep.length);
    expect(jsonSyntaxErrorAt(`${deep}]`)).toBeUndefined();
  });

  it.each([
    ['{"a":1,}', 7],
    ['{"a" 1}', 5],
    ["[1,2]x", 5],
    ['"\\x"', 2],
    ['"\\u12', 5],
    ['"\\u12x"', 5],
    ["nulx", 3],
    ["1.", 2],
    ["-", 1],
    ["-x", 1],
    ["1e", 2],
    ["1e+x", 3],
    ['"tab\tin"', 4],
    ["01", 1],
    ["[1 2]", 3],
    ["tru", 3],
    ["", 0],
    ['{"a":1', 6],
  ])("%j: first fault at %i", (text, at) => {
    expect(jsonSyntaxErrorAt(text)).toBe(at);
  });
});

const BOM =
  "a byte order mark (U+FEFF) before the value, at line 1, column 1 (RFC 8259 §8.1 forbids a sender one)";

describe("jsonSyntaxMessage", () => {
  it("says where by line and column, never what the text holds there", () => {
    const text = '{\n  "consumerKey": "k",\n  "consumerSecret":TOPSECRET1\n}';
    const message = jsonSyntaxMessage(text);
    expect(message).toBe("unexpected character at line 3, column 20");
    expect(message).not.toMatch(/TOP|SECRET|"/);
  });
  it.each([
    ["", "no value (the text is empty)"],
    [" \n ", "no value (the text is empty)"],
    ["\u00a0", "unexpected character at line 1, column 1"],
    ["\ufeff", BOM],
    ['\ufeff{"a":1}', BOM],
    ['{"a":\ufeff1}', "unexpected character at line 1, column 6"],
    ["tru", "the text ends too soon at line 1, column 4"],
    ['{"a":', "the text ends too soon at line 1, column 6"],
  ])("%j: %s", (text, message) => {
    expect(jsonSyntaxMessage(text)).toBe(message);
  });
});
