import { describe, expect, it } from "vitest";
import {
  fill,
  fillPointer,
  fillText,
  PlaceholderError,
  placeholderNames,
  type TemplateContext,
} from "../../../src/conformance/request/template.js";

const ctx: TemplateContext = {
  users: { viewer: "example.org:alice", friend: "example.org:bob" },
  namespace: "example.org",
  unique: "t0001",
  captures: new Map<string, unknown>([
    ["ids", ["a", "b"]],
    ["rec", { k: "v" }],
  ]),
  body: { entry: [1, 2, 3] },
};

describe("placeholders", () => {
  it("fills roles, bare forms, namespace and unique tokens", () => {
    expect(fillText("/people/{viewer}/@self", ctx)).toBe("/people/example.org:alice/@self");
    expect(fillText("{friend.bare}", ctx)).toBe("bob");
    expect(fillText("{namespace}:x-{unique}", ctx)).toBe("example.org:x-t0001");
  });
  it("keeps the type of a whole-string placeholder and indexes captures", () => {
    expect(fill("{$ids}", ctx)).toEqual(["a", "b"]);
    expect(fill("{$ids.1}", ctx)).toBe("b");
    expect(fill({ "{viewer}": "{$rec}" }, ctx)).toEqual({ "example.org:alice": { k: "v" } });
    expect(fill("{#/entry}", ctx)).toBe(3);
  });
  it("leaves JSON text alone and refuses unknown names", () => {
    expect(fillText('{"a":1}', ctx)).toBe('{"a":1}');
    expect(() => fillText("{stranger}", ctx)).toThrow(PlaceholderError);
    expect(() => fillText("{$nothing}", ctx)).toThrow(PlaceholderError);
  });
  it("fills a pointer with each value escaped as one token (RFC 6901: ~ as ~0, / as ~1)", () => {
    const c = { ...ctx, users: { viewer: "ns:~a/b" } };
    expect(fillPointer("/entry/{viewer}/k{unique}", c)).toBe("/entry/ns:~0a~1b/kt0001");
    expect(fillPointer("/entry/[id={viewer}]/x", c)).toBe("/entry/[id=ns:~0a~1b]/x");
    expect(fillPointer("/entry/{#/entry}", c)).toBe("/entry/3");
  });
  it("lists the names a string uses", () => {
    expect(placeholderNames("/a/{viewer}/{$x.0}/{friend.bare}")).toEqual([
      "viewer",
      "$x.0",
      "friend.bare",
    ]);
  });
});
