/** Each pointer rule, passing and failing, core (lenient) and profile (strict). */
import { describe, expect, it } from "vitest";
import type { Level, PointerCheck } from "../../../src/conformance/case-types.js";
import type { CheckContext } from "../../../src/conformance/checks/context.js";
import { checkJsonPointers } from "../../../src/conformance/checks/json-pointer.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

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

function context(level: Level, value: unknown, captures: [string, unknown][] = []): CheckContext {
  return {
    response: { status: 200, headers: {}, body: Buffer.from(TEXT), ms: 0 },
    level,
    statement: "S-1-LIST-PAGING",
    template: {
      users: { viewer: "ns:a" },
      namespace: "ns",
      unique: "t1",
      captures: new Map<string, unknown>([
        ["ids", ["ns:b", "ns:a"]],
        ["json", { id: "x", n: 1, ok: true, tags: [] }],
        ["two", "2"],
        ...captures,
      ]),
    },
    decoded: () => ({ ok: true, value }),
    text: () => TEXT,
    textOrder: () =>
      new Map([
        ["/rec", ["z", "a"]],
        ["/entry/0", ["id", "n", "xExt", "ok", "tags"]],
      ]),
  };
}

function run(check: PointerCheck, level: Level = "core") {
  return checkJsonPointers({ json: [check] }, context(level, doc));
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
    // atLeast / above: a number, or a placeholder (a size, a capture, a list's length).
    [{ pointer: "/total", atLeast: 2 }, true],
    [{ pointer: "/total", atLeast: "{#/entry}" }, true],
    [{ pointer: "/total", atLeast: "{$ids}" }, true],
    [{ pointer: "/total", atLeast: 3 }, false],
    [{ pointer: "/total", above: 1 }, true],
    [{ pointer: "/total", above: "{#/entry}" }, false],
    [{ pointer: "/total", above: "{#/none}" }, true],
    [{ pointer: "/total", atLeast: "{$two}" }, true],
    [{ pointer: "/total", above: "{$two}" }, false],
    // Core reads numeric strings as the readers do; profile asks for numbers.
    [{ pointer: "/entry/0/n", atLeast: 2 }, true, "core"],
    [{ pointer: "/entry/0/n", atLeast: 2 }, false, "profile"],
    [{ pointer: "/entry/0/n", atLeast: 2, strict: true }, false, "core"],
    [{ pointer: "/entry/*/n", atLeast: 1 }, true, "core"],
    [{ pointer: "/entry/*/n", above: 1 }, false, "core"],
    [{ pointer: "/entry/0/id", atLeast: 0 }, false],
    [{ pointer: "/entry/1/ok", atLeast: 0 }, false],
    [{ pointer: "/entry", atLeast: 0 }, false],
    [{ pointer: "/nothing", atLeast: 0 }, false],
    [{ pointer: "/none/*", above: 0 }, false],
    [{ pointer: "/none/*", above: 0, allowEmpty: true }, true],
    // A bound that is no number is the case's error, never a pass.
    [{ pointer: "/total", atLeast: "{$json}" }, false],
    [{ pointer: "/total", atLeast: "{viewer}" }, false],
    [{ pointer: "/entry/*/id", in: ["ns:a", "ns:b", "ns:c"] }, true],
    [{ pointer: "/entry/*/id", in: ["ns:a"] }, false],
    [{ pointer: "/entry/*/id", contains: "{viewer}" }, true],
    [{ pointer: "/entry/*/id", contains: ["ns:c"] }, false],
    [{ pointer: "/entry/[id=ns:a]", has: { n: 1, tags: [] } }, true],
    // has at any depth: the members asked for, extension members beside them anywhere
    [{ pointer: "/entry/[id=ns:b]", has: { tags: ["x"] } }, true],
    [{ pointer: "", has: { entry: [{ id: "ns:b" }, { id: "ns:a", ok: true }] } }, true],
    [{ pointer: "", has: { entry: [{ id: "ns:b" }] } }, false],
    [{ pointer: "", has: { entry: [{ id: "ns:b" }, { id: "ns:a", ok: false }] } }, false],
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
    // memberOrder: the Atom children follow the JSON members; names only one side has are passed over.
    [{ pointer: "/entry/0", memberOrder: "{$json}" }, true],
    [{ pointer: "/entry/0", memberOrder: ["id", "ok", "tags", "yExt"] }, true],
    [{ pointer: "/entry/0", memberOrder: ["n", "id"] }, false],
    [{ pointer: "/entry/0", memberOrder: ["id", "gone"] }, false],
    [{ pointer: "/entry/1", memberOrder: ["id", "n"] }, false],
    [{ pointer: "/entry/0", memberOrder: "{$ids}" }, false],
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
    [{ pointer: "/none/*/id", equals: "ns:a", allowEmpty: true }, true],
    [{ pointer: "/none/*/id", oneOf: ["ns:a"], allowEmpty: true }, true],
    [{ pointer: "/none/*/id", type: "string", allowEmpty: true }, true],
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
    expect(r?.finding).toEqual({
      code: "pointer-error",
      problem: { code: "placeholder-not-captured", placeholder: "$nothing", capture: "nothing" },
    });
  });
});

describe("sameMembers: the JSON form's members, member by member", () => {
  const person = {
    id: "ns:a",
    nickname: "a",
    hasApp: true,
    isGuest: false,
    addresses: [{ region: "Tokyo", country: "JP" }],
  };
  const body = { entry: [person, { id: "ns:b", nickname: "b", hasApp: "true" }], totalResults: 2 };
  const judge = (check: PointerCheck, level: Level = "core") =>
    checkJsonPointers({ json: [check] }, context(level, body));
  it.each<[string, PointerCheck, boolean]>([
    ["the same members", { pointer: "/entry/0", sameMembers: person }, true],
    [
      "optional members absent on both sides",
      { pointer: "/entry/1", sameMembers: { id: "ns:b", nickname: "b", hasApp: true } },
      true,
    ],
    [
      "an extension member on one side only",
      { pointer: "/entry/0", sameMembers: { ...person, vendorRank: 3 } },
      true,
    ],
    [
      "a member of the documents missing",
      { pointer: "/entry/0", sameMembers: { ...person, gender: "f" } },
      false,
    ],
    [
      "a member of the documents added",
      { pointer: "/entry/1", sameMembers: { id: "ns:b", hasApp: true } },
      false,
    ],
    ["a value differs", { pointer: "/entry/0", sameMembers: { ...person, isGuest: true } }, false],
    [
      "an address member missing (addresses are data)",
      { pointer: "/entry/0", sameMembers: { ...person, addresses: [{ region: "Tokyo" }] } },
      false,
    ],
    ["the whole list, element by element", { pointer: "", sameMembers: { ...body, x: 1 } }, true],
    ["a list one entry short", { pointer: "/entry", sameMembers: [person] }, false],
    ["every element with *", { pointer: "/entry/*/id", sameMembers: ["ns:a", "ns:b"] }, true],
    [
      "an empty list and no member (P-FMT-7: no element per item)",
      {
        pointer: "/entry/1",
        sameMembers: { id: "ns:b", nickname: "b", hasApp: true, addresses: [] },
      },
      true,
    ],
    [
      "a list and no member",
      {
        pointer: "/entry/1",
        sameMembers: { id: "ns:b", nickname: "b", hasApp: true, addresses: [{}] },
      },
      false,
    ],
    [
      "a structured member in an address on one side only (it has no Atom form, P-FMT-7.7)",
      {
        pointer: "/entry/0",
        sameMembers: { ...person, addresses: [{ region: "Tokyo", country: "JP", x: { n: 1 } }] },
      },
      true,
    ],
    [
      "a scalar member of an address on one side only",
      { pointer: "/entry/0", sameMembers: { ...person, addresses: [{ region: "Tokyo" }] } },
      false,
    ],
  ])("%s → %s", (_what, check, pass) => {
    expect(judge(check).every((r) => r.ok)).toBe(pass);
  });
  it("names where the forms differ", () => {
    const [r] = judge({ pointer: "/entry/0", sameMembers: { ...person, gender: "f" } }, "profile");
    expect(r).toMatchObject({ ok: false, location: "/entry/0/gender", expected: "f" });
    expect(checkText(r as NonNullable<typeof r>)).toBe('/entry/0/gender: (absent), expected "f"');
  });
});

describe("placeholders in a pointer", () => {
  it("fill one token each: an id holding ~ or / names one member (RFC 6901 escapes)", () => {
    const body = { entry: { "ns:a~b/c": { k: "v" } }, list: [{ id: "ns:a~b/c", x: 1 }] };
    const base = context("core", body);
    const ctx = { ...base, template: { ...base.template, users: { viewer: "ns:a~b/c" } } };
    const results = checkJsonPointers(
      {
        json: [
          { pointer: "/entry/{viewer}/k", equals: "v" },
          { pointer: "/list/[id={viewer}]/x", equals: 1 },
        ],
      },
      ctx,
    );
    expect(results.map((r) => [r.ok, r.location])).toEqual([
      [true, "/entry/ns:a~0b~1c/k"],
      [true, "/list/[id=ns:a~0b~1c]/x"],
    ]);
  });
});

describe("string renderings (P-FMT-6.3)", () => {
  const MESSAGE = (at: string, text: string, type: string) =>
    `${at}: the string ${JSON.stringify(text)} where the declared type is a ${type} (P-FMT-6.3: writers write the declared type; core accepts it)`;

  it.each<[PointerCheck, string, string, string]>([
    [{ pointer: "/entry/0/n", equals: 2 }, "/entry/0/n", "2", "number"],
    [{ pointer: "/entry/*/ok", equals: true }, "/entry/1/ok", "true", "boolean"],
    [{ pointer: "/entry/*/n", equals: [2, 1] }, "/entry/*/n", "2", "number"],
    [{ pointer: "/entry/0/n", oneOf: [2, 3] }, "/entry/0/n", "2", "number"],
    [{ pointer: "/entry/*/n", in: [1, 2] }, "/entry/*/n", "2", "number"],
    [{ pointer: "/entry/*/n", contains: [2] }, "/entry/*/n", "2", "number"],
    [{ pointer: "/entry/[id=ns:b]", has: { n: 2, ok: true } }, "/entry/[id=ns:b]/n", "2", "number"],
    [{ pointer: "/entry/*/n", type: "integer" }, "/entry/0/n", "2", "number"],
    [{ pointer: "/entry/*/ok", type: "boolean" }, "/entry/1/ok", "true", "boolean"],
    [{ pointer: "/entry/0/n", atLeast: 1 }, "/entry/0/n", "2", "number"],
    [{ pointer: "/entry/*/n", above: 0 }, "/entry/0/n", "2", "number"],
  ])(
    "%j: core passes; profile fails citing P-FMT-6.3, not the case's clause",
    (check, at, text, type) => {
      expect(run(check, "core").every((r) => r.ok)).toBe(true);
      const [r, ...rest] = run({ ...check, statement: "P-PAGE-3.3" }, "profile");
      expect(rest).toEqual([]);
      expect(r).toMatchObject({
        ok: false,
        statement: "P-FMT-6.3",
        finding: { code: "string-rendering", at, text, declared: type },
      });
      expect(r && checkText(r)).toBe(MESSAGE(at, text, type));
    },
  );

  it("keeps the case's clause for a real difference, the other direction or a strict check", () => {
    const clause = (check: PointerCheck) =>
      run({ ...check, statement: "P-PAGE-3.3" }, "profile").map((r) => [
        r.statement,
        r.finding.code,
      ]);
    expect(clause({ pointer: "/entry/0/n", equals: 2 })).toEqual([
      ["P-FMT-6.3", "string-rendering"],
    ]);
    for (const [check, code] of [
      // A real difference, even beside a rendering.
      [{ pointer: "/entry/0/n", equals: 3 }, "equals-wrong"],
      [{ pointer: "/entry/*/n", equals: [2, 2] }, "equals-wrong"],
      [{ pointer: "/entry/[id=ns:b]", has: { n: 2, ok: false } }, "has-wrong"],
      [{ pointer: "/entry/[id=ns:b]", has: { n: 2, gone: 1 } }, "has-wrong"],
      // A number where the case expects a string is no §2 rendering.
      [{ pointer: "/entry/1/n", equals: "1" }, "equals-wrong"],
      // A strict check asks for the very type: its own clause.
      [{ pointer: "/entry/0/n", equals: 2, strict: true }, "equals-wrong"],
    ] as const)
      expect(clause(check), JSON.stringify(check)).toEqual([["P-PAGE-3.3", code]]);
  });
});

describe("Atom bodies compared with values captured from JSON (P-FMT-7)", () => {
  // The Atom codec types each value by its declared type; the JSON step may have rendered it.
  const atom = { startIndex: 0, totalResults: 3, entry: [{ fileSize: 11234, hasApp: true }] };
  const captures: [string, unknown][] = [
    ["total", "3"],
    ["sizes", ["11234"]],
    ["hasApp", "true"],
    ["missing", "x"],
  ];
  const runAtom = (check: PointerCheck, level: Level) =>
    checkJsonPointers(
      { json: [{ ...check, statement: "P-FMT-7.2" }], atom: { kind: "photos" } },
      context(level, atom, captures),
    );

  it("compares in the typed domain at core and profile; a real difference still fails", () => {
    for (const level of ["core", "profile"] as const)
      for (const check of [
        { pointer: "/totalResults", equals: "{$total}" },
        { pointer: "/entry/*/fileSize", equals: "{$sizes}" },
        { pointer: "/entry/0/hasApp", equals: "{$hasApp}" },
        { pointer: "/totalResults", equals: 3 },
      ])
        expect(runAtom(check, level), `${level} ${check.pointer}`).toMatchObject([{ ok: true }]);
    for (const [check, code] of [
      [{ pointer: "/totalResults", equals: "4" }, "equals-wrong"],
      [{ pointer: "/entry/*/fileSize", equals: ["11235"] }, "equals-wrong"],
      [{ pointer: "/entry/0/hasApp", equals: "false" }, "equals-wrong"],
      [{ pointer: "/entry/0/missing", equals: "{$missing}" }, "pointer-missing"],
    ] as const)
      expect(runAtom(check, "profile"), check.pointer).toMatchObject([
        { ok: false, statement: "P-FMT-7.2", finding: { code } },
      ]);
  });
});
