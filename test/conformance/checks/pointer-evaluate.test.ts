import { describe, expect, it } from "vitest";
import { evaluatePointer, hasWildcard } from "../../../src/conformance/checks/pointer/evaluate.js";

const doc = {
  entry: [
    { id: "a:1", n: 1 },
    { id: "a/2", n: 2 },
  ],
  one: [{ id: "x" }],
  obj: { "k~y": 1, "s/t": 2 },
};

describe("evaluatePointer", () => {
  it("follows RFC 6901 tokens, escapes included", () => {
    expect(evaluatePointer(doc, "/entry/1/id").matches[0]?.value).toBe("a/2");
    expect(evaluatePointer(doc, "/obj/k~0y").matches[0]?.value).toBe(1);
    expect(evaluatePointer(doc, "/obj/s~1t").matches[0]?.value).toBe(2);
    expect(evaluatePointer(doc, "").matches[0]?.value).toBe(doc);
  });
  it("reports the concrete pointer where the path broke", () => {
    expect(evaluatePointer(doc, "/entry/5/id")).toEqual({
      matches: [],
      missing: ["/entry/5"],
      broken: ["/entry/5"],
      empty: [],
    });
    expect(evaluatePointer(doc, "/entry/01").missing).toEqual(["/entry/01"]);
  });
  it("maps * over arrays and objects", () => {
    expect(evaluatePointer(doc, "/entry/*/n").matches.map((m) => m.value)).toEqual([1, 2]);
    expect(evaluatePointer(doc, "/obj/*").matches.map((m) => m.pointer)).toEqual([
      "/obj/k~0y",
      "/obj/s~1t",
    ]);
    expect(hasWildcard("/entry/*/n")).toBe(true);
    expect(hasWildcard("/entry/[id=x]")).toBe(false);
  });
  it("unwraps a one-element array with @one and keeps an object", () => {
    expect(evaluatePointer(doc, "/one/@one/id").matches[0]?.value).toBe("x");
    expect(evaluatePointer({ entry: { id: "y" } }, "/entry/@one/id").matches[0]?.value).toBe("y");
    expect(evaluatePointer(doc, "/entry/@one/id").matches).toEqual([]);
  });
  it("selects array elements by member with [member=value]", () => {
    expect(evaluatePointer(doc, "/entry/[id=a:1]/n").matches[0]?.value).toBe(1);
    expect(evaluatePointer(doc, "/entry/[id=nope]/n").matches).toEqual([]);
  });
  it("keeps the elements whose member is absent or differs with [member!=value]", () => {
    const albums = [{ id: "a", n: 0 }, { id: "b", n: "0" }, { id: "c" }, { id: "d", n: 3 }, 7];
    const ids = (p: string) => evaluatePointer({ albums }, p).matches.map((m) => m.value);
    expect(ids("/albums/[n!=0]/id")).toEqual(["c", "d"]);
    expect(ids("/albums/[id!=a]/id")).toEqual(["b", "c", "d"]);
    expect(evaluatePointer({ albums: [{ n: 0 }] }, "/albums/[n!=0]/id").missing).toEqual([
      "/albums/[n!=0]",
    ]);
  });
});
