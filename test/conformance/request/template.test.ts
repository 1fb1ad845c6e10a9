import { describe, expect, it } from "vitest";
import { evaluatePointer } from "../../../src/conformance/checks/pointer/evaluate.js";
import type { CaseOutcome } from "../../../src/conformance/request/case-problems.js";
import {
  caseFiller,
  fill,
  fillPointer,
  fillText,
  type TemplateContext,
} from "../../../src/conformance/request/template.js";
import { placeholderNames } from "../../../src/conformance/suite/placeholders.js";

/** The current body the checks would give (`{#/pointer}`). */
const body = { entry: [1, 2, 3], n: 4 };

const ctx: TemplateContext = {
  users: { viewer: "example.org:alice", friend: "example.org:bob" },
  namespace: "example.org",
  unique: "t0001",
  captures: new Map<string, unknown>([
    ["ids", ["a", "b"]],
    ["rec", { k: "v" }],
  ]),
  valueAt: (pointer) => evaluatePointer(body, pointer).matches[0]?.value,
};

/** The value of a filled outcome. */
const value = <T>(r: CaseOutcome<T>): T | undefined => (r.ok ? r.value : undefined);

describe("placeholders", () => {
  it("fills roles, bare forms, namespace and unique tokens", () => {
    expect(value(fillText("/people/{viewer}/@self", ctx))).toBe("/people/example.org:alice/@self");
    expect(value(fillText("{friend.bare}", ctx))).toBe("bob");
    expect(value(fillText("{namespace}:x-{unique}", ctx))).toBe("example.org:x-t0001");
  });
  it("keeps the type of a whole-string placeholder and indexes captures", () => {
    expect(value(fill("{$ids}", ctx))).toEqual(["a", "b"]);
    expect(value(fill("{$ids.1}", ctx))).toBe("b");
    expect(value(fill({ "{viewer}": "{$rec}" }, ctx))).toEqual({
      "example.org:alice": { k: "v" },
    });
    expect(value(fill("{#/entry}", ctx))).toBe(3);
  });
  it("leaves JSON text alone", () => {
    expect(value(fillText('{"a":1}', ctx))).toBe('{"a":1}');
  });
  it("returns what it cannot fill as a coded problem, never a throw", () => {
    const problem = (r: CaseOutcome<unknown>) => (r.ok ? undefined : r.problem);
    expect(problem(fillText("{stranger}", ctx))).toEqual({
      code: "placeholder-unknown",
      placeholder: "stranger",
    });
    expect(problem(fillText("x/{viewer.full}", ctx))).toEqual({
      code: "placeholder-form",
      placeholder: "viewer.full",
      form: "full",
    });
    expect(problem(fill(["{viewer}", "{$nothing}"], ctx))).toEqual({
      code: "placeholder-not-captured",
      placeholder: "$nothing",
      capture: "nothing",
    });
    expect(problem(fill({ "{$rec.x}": 1 }, ctx))).toEqual({
      code: "placeholder-no-member",
      placeholder: "$rec.x",
      capture: "rec",
      member: "x",
    });
    expect(problem(fillPointer("/entry/{#/n}", ctx))).toEqual({
      code: "placeholder-no-count",
      placeholder: "#/n",
      pointer: "/n",
    });
  });
  it("reports the first placeholder it cannot fill, in document order", () => {
    const r = fill({ a: "{first}", b: "{second}" }, ctx);
    expect(r.ok ? undefined : r.problem).toEqual({
      code: "placeholder-unknown",
      placeholder: "first",
    });
  });
  it("fills a pointer with each value escaped as one token (RFC 6901: ~ as ~0, / as ~1)", () => {
    const c = { ...ctx, users: { viewer: "ns:~a/b" } };
    expect(value(fillPointer("/entry/{viewer}/k{unique}", c))).toBe("/entry/ns:~0a~1b/kt0001");
    expect(value(fillPointer("/entry/[id={viewer}]/x", c))).toBe("/entry/[id=ns:~0a~1b]/x");
    expect(value(fillPointer("/entry/{#/entry}", c))).toBe("/entry/3");
  });
  it("a filler keeps the first problem of many strings", () => {
    const f = caseFiller(ctx);
    expect(f.text("{viewer}")).toBe("example.org:alice");
    expect(f.problem).toBeUndefined();
    expect(f.text("{nobody}")).toBe("");
    expect(f.value("{$nothing}")).toBeUndefined();
    f.fail({ code: "app-missing", app: "other" });
    expect(f.problem).toEqual({ code: "placeholder-unknown", placeholder: "nobody" });
  });
  it("lists the names a string uses", () => {
    expect(placeholderNames("/a/{viewer}/{$x.0}/{friend.bare}")).toEqual([
      "viewer",
      "$x.0",
      "friend.bare",
    ]);
  });
});
