/** Each pointer rule, passing and failing, core (lenient) and profile (strict). */
import { describe, expect, it } from "vitest";
import type { Level, PointerCheck } from "../../../src/conformance/case-types.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkJsonPointers } from "../../../src/conformance/checks/json-pointer.js";

const TEXT = JSON.stringify({
  entry: [
    { id: "ns:b", n: "2", ok: true, tags: ["x"] },
    { id: "ns:a", n: 1, ok: "true", tags: [] },
  ],
  rec: { z: "1", a: "2" },
  total: 2,
  none: [],
});
const doc = JSON.parse(TEXT);

function run(check: PointerCheck, level: Level = "core") {
  const ctx: CheckContext = {
    response: { status: 200, headers: {}, body: Buffer.from(TEXT), ms: 0 },
    level,
    statement: "S-1-LIST-PAGING",
    template: {
      users: { viewer: "ns:a" },
      namespace: "ns",
      unique: "t1",
      captures: new Map([["ids", ["ns:b", "ns:a"]]]),
    },
    decoded: () => ({ ok: true, value: doc }),
    text: () => TEXT,
    textOrder: () => new Map([["/rec", ["z", "a"]]]),
  };
  return checkJsonPointers({ json: [check] }, ctx);
}
const ok = (check: PointerCheck, level?: Level) => run(check, level).every((r) => r.ok);

describe("pointer rules", () => {
  it.each<[PointerCheck, boolean, Level?]>([
    [{ pointer: "/total", equals: 2 }, true],
    [{ pointer: "/total", equals: "{#/entry}" }, true],
    [{ pointer: "/entry/1/n", equals: "1" }, true, "core"],
    [{ pointer: "/entry/1/n", equals: "1" }, false, "profile"],
    [{ pointer: "/entry/*/id", equals: "{$ids}" }, true],
    [{ pointer: "/entry/*/id", equals: ["ns:a", "ns:b"] }, false],
    [{ pointer: "/entry/*/ok", equals: true }, true, "core"],
    [{ pointer: "/entry/*/ok", equals: true }, false, "profile"],
    [{ pointer: "/entry/0/id", oneOf: ["ns:a", "ns:b"] }, true],
    [{ pointer: "/entry/*/n", type: "integer" }, true, "core"],
    [{ pointer: "/entry/*/n", type: "integer" }, false, "profile"],
    [{ pointer: "/entry/*/n", type: "integer", strict: true }, false, "core"],
    [{ pointer: "/entry", count: 2 }, true],
    [{ pointer: "/entry", count: "{$ids}" }, true],
    [{ pointer: "/entry", count: { min: 3 } }, false],
    [{ pointer: "/entry/*/tags/*", count: 1 }, true],
    [{ pointer: "/entry/*/id", in: ["ns:a", "ns:b", "ns:c"] }, true],
    [{ pointer: "/entry/*/id", in: ["ns:a"] }, false],
    [{ pointer: "/entry/*/id", contains: "{viewer}" }, true],
    [{ pointer: "/entry/*/id", contains: ["ns:c"] }, false],
    [{ pointer: "/entry/[id=ns:a]", has: { n: 1, tags: [] } }, true],
    [{ pointer: "/entry/[id=ns:a]", lacks: ["missing"] }, true],
    // orAbsent: a missing value passes (its parent is there); a present one meets the rules.
    [{ pointer: "/rec/gone", orAbsent: true, lacks: ["k"] }, true],
    [{ pointer: "/rec", orAbsent: true, lacks: ["z"] }, false],
    [{ pointer: "/rec", orAbsent: true, lacks: ["k"] }, true],
    [{ pointer: "/rec", orAbsent: true, count: 0 }, false],
    [{ pointer: "/none", orAbsent: true, count: 0 }, true],
    [{ pointer: "/rec/gone", lacks: ["k"] }, false],
    [{ pointer: "/gone/k", orAbsent: true }, false],
    [{ pointer: "/entry/[id=ns:a]", lacks: ["n"] }, false],
    [{ pointer: "/entry/*/id", sorted: true }, false],
    [{ pointer: "/rec", keys: ["z", "a"] }, true],
    [{ pointer: "/rec", keys: ["a", "z"] }, false],
    [{ pointer: "/entry/0/id", matches: "^ns:" }, true],
    [{ pointer: "/entry/5", absent: true }, true],
    [{ pointer: "/entry/0", absent: true }, false],
    [{ pointer: "/entry/*/missing", absent: true }, true],
    [{ pointer: "/nothing", present: true }, false],
    [{ pointer: "/nothing", equals: 1 }, false],
    // No vacuous pass: absent needs the parent of its last token; * and [..] need elements.
    [{ pointer: "/nothing/x", absent: true }, false],
    [{ pointer: "/nothing/*/x", absent: true }, false],
    [{ pointer: "/nothing/[id=ns:a]", absent: true }, false],
    [{ pointer: "/total/*", absent: true }, false],
    [{ pointer: "/rec/[id=ns:a]", absent: true }, false],
    [{ pointer: "/entry/x", absent: true }, false],
    [{ pointer: "/entry/[id=ns:z]", absent: true }, true],
    [{ pointer: "/entry/[id=ns:z]/n", absent: true }, false],
    [{ pointer: "/none/*/x", absent: true }, false],
    [{ pointer: "/none/*/x", absent: true, allowEmpty: true }, true],
    [{ pointer: "/none/[id=ns:a]", absent: true }, false],
    [{ pointer: "/none/*", count: 0 }, false],
    [{ pointer: "/none/*", count: 0, allowEmpty: true }, true],
    [{ pointer: "/none/*/id", type: "string" }, false],
    [{ pointer: "/nothing/*/id", type: "string" }, false],
  ])("%j → %s", (check, pass, level) => {
    expect(ok(check, level)).toBe(pass);
  });

  it("locates a failure by concrete pointer with expected and actual", () => {
    const [r] = run({ pointer: "/entry/*/id", equals: "ns:a", statement: "P-PAGE-3" }, "profile");
    expect(r).toMatchObject({
      ok: false,
      statement: "P-PAGE-3",
      location: "/entry/0/id",
      expected: "ns:a",
      actual: "ns:b",
    });
  });

  it("reports a broken placeholder as a failed check, not a crash", () => {
    const [r] = run({ pointer: "/entry", count: "{$nothing}" });
    expect(r?.ok).toBe(false);
    expect(r?.finding).toMatchObject({
      code: "pointer-error",
      detail: expect.stringMatching(/nothing captured as nothing/),
    });
  });
});
