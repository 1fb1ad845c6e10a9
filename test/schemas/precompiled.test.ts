/**
 * The validators compiled ahead of time (src/schemas/*.generated.ts) judge as ajv compiling the
 * schemas at run time did: for generated values of every kind, mutated where integers and
 * booleans stand (numeric strings, "true", out-of-range numbers, other types), the generated
 * validators, the fallback (the same schemas compiled by ajv now) and the reference (the
 * `osLenient` keyword as the validate function it was before it generated code) agree on the
 * verdict, the issues and the normalised value, in both modes. A schema file that reads
 * otherwise than its module was compiled from is compiled at first use instead.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toIssues } from "../../src/schemas/issues.js";
import {
  ALL_SCHEMA_FILES,
  KINDS,
  type Kind,
  type Mode,
  SCHEMA_FILES,
} from "../../src/schemas/kinds.js";
import { type LenientParam, lenientRead } from "../../src/schemas/lenient.js";
import { lenientKeyword } from "../../src/schemas/lenient-keyword.js";
import { ajvModule, precompiledOr, sourceHash } from "../../src/schemas/precompiled.js";
import {
  KIND_SCHEMA_FILES,
  modeSchemas,
  readSchema,
  SCHEMA_AJV_OPTIONS,
  SCHEMA_BASE,
  validatorFor,
} from "../../src/schemas/registry.js";
import { arbitraries } from "../codecs/json/arbitraries.js";

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** The keyword as it was: a validate function that sets its errors and normalises in place. */
const referenceKeyword = {
  keyword: "osLenient",
  modifying: true,
  errors: true,
  schemaType: "object",
  validate: function osLenient(
    param: LenientParam,
    data: unknown,
    _parent?: unknown,
    cxt?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number },
  ): boolean {
    const self = osLenient as unknown as { errors?: unknown[] };
    const value = lenientRead(param.type, data);
    if (value === undefined) {
      self.errors = [
        { keyword: "osLenient", message: `must be ${param.type}`, params: { type: param.type } },
      ];
      return false;
    }
    if (
      typeof value === "number" &&
      ((param.minimum !== undefined && value < param.minimum) ||
        (param.maximum !== undefined && value > param.maximum))
    ) {
      self.errors = [
        {
          keyword: "osLenient",
          message: `must be within [${param.minimum}, ${param.maximum}]`,
          params: { range: true },
        },
      ];
      return false;
    }
    if (cxt && value !== data) cxt.parentData[cxt.parentDataProperty] = value;
    return true;
  },
} as const;

const texts = ALL_SCHEMA_FILES.map((f) => JSON.stringify(readSchema(f)));

/** Every kind's validator in `mode`, compiled by ajv now with `keyword`. */
function compiledNow(mode: Mode, keyword: object): Map<string, Validate> {
  const ajv = new (ajvModule().Ajv2020)(SCHEMA_AJV_OPTIONS);
  if (mode === "lenient") ajv.addKeyword(keyword as never);
  for (const s of modeSchemas(mode, texts)) ajv.addSchema(s);
  return new Map(
    KIND_SCHEMA_FILES.map((f) => [f, ajv.getSchema(SCHEMA_BASE + f) as unknown as Validate]),
  );
}

const reference = {
  lenient: compiledNow("lenient", referenceKeyword),
  strict: compiledNow("strict", {}),
};
const fallback = {
  lenient: compiledNow("lenient", lenientKeyword),
  strict: compiledNow("strict", {}),
};

/** What a validator makes of a copy of `value`: verdict, issues, the value after. */
function judge(fn: Validate, value: unknown) {
  const data = structuredClone(value);
  const ok = fn(data);
  return { ok, issues: ok ? [] : toIssues(fn.errors as never, data), data };
}

/** Integers and booleans of `value` replaced, where `pick` says, by another rendering. */
const ODD = [
  "12",
  "012",
  "-0",
  "1e3",
  "-7",
  "9007199254740993",
  "true",
  "false",
  "True",
  "",
  -1,
  1.5,
  2 ** 60,
  null,
  [],
  {},
  true,
  "x",
];
function mutate(value: unknown, picks: number[]): unknown {
  let at = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === "number" || typeof v === "boolean") {
      const p = picks[at++ % picks.length] ?? 0;
      return p < ODD.length ? ODD[p] : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

describe("validators compiled ahead of time", () => {
  it("judge as ajv compiling at run time, and as the keyword's validate function did", () => {
    for (const kind of KINDS.filter(
      (k): k is Kind & keyof typeof arbitraries => k in arbitraries,
    )) {
      const file = SCHEMA_FILES[kind];
      fc.assert(
        fc.property(
          arbitraries[kind],
          fc.array(fc.nat({ max: ODD.length * 3 }), { minLength: 1, maxLength: 8 }),
          (value, picks) => {
            const doc = mutate(value, picks);
            for (const mode of ["lenient", "strict"] as const) {
              const want = judge(reference[mode].get(file) as Validate, doc);
              expect(judge(validatorFor(kind, mode) as unknown as Validate, doc)).toEqual(want);
              expect(judge(fallback[mode].get(file) as Validate, doc)).toEqual(want);
            }
          },
        ),
        { numRuns: 150 },
      );
    }
  });

  it("are used only for the schema texts they were compiled from", () => {
    const generated = { SOURCE_HASH: sourceHash(["a"]) };
    expect(
      precompiledOr(
        generated,
        ["a"],
        () => "generated",
        () => "compiled",
      ),
    ).toBe("generated");
    expect(
      precompiledOr(
        generated,
        ["a "],
        () => "generated",
        () => "compiled",
      ),
    ).toBe("compiled");
    expect(
      precompiledOr(
        generated,
        ["a", ""],
        () => "generated",
        () => "compiled",
      ),
    ).toBe("compiled");
  });
});
