/**
 * Case problem codes, tested from their one table (request/case-problems.ts), as the step
 * failure and finding codes are: every code is described, worded by the reporters
 * (reporters/case-problem-text.ts) and named by the report schema; each has a sample record whose
 * words are pinned here. A new code without a sample fails to compile (the sample table is
 * typed by code).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CASE_PROBLEM_WORDS,
  caseProblemText,
} from "../../../src/conformance/reporters/case-problem-text.js";
import {
  CASE_PROBLEMS,
  type CaseProblem,
  type CaseProblemCode,
} from "../../../src/conformance/request/case-problems.js";

/** One record per code, and the words users read for it. */
const SAMPLES: { [C in CaseProblemCode]: [Extract<CaseProblem, { code: C }>, string] } = {
  "placeholder-unknown": [
    { code: "placeholder-unknown", placeholder: "stranger" },
    "{stranger}: unknown placeholder or role",
  ],
  "placeholder-form": [
    { code: "placeholder-form", placeholder: "viewer.full", form: "full" },
    "{viewer.full}: unknown form full",
  ],
  "placeholder-not-captured": [
    { code: "placeholder-not-captured", placeholder: "$nothing.here", capture: "nothing" },
    "{$nothing.here}: nothing captured as nothing",
  ],
  "placeholder-no-member": [
    { code: "placeholder-no-member", placeholder: "$rec.x", capture: "rec", member: "x" },
    "{$rec.x}: captured rec has no x",
  ],
  "placeholder-no-count": [
    { code: "placeholder-no-count", placeholder: "#", pointer: "" },
    "{#}: no array or object at /",
  ],
  "app-missing": [{ code: "app-missing", app: "other" }, 'the target has no "other" app'],
  "pattern-invalid": [
    {
      code: "pattern-invalid",
      pattern: "(",
      detail: "Invalid regular expression: /(/: Unterminated group",
    },
    "Invalid regular expression: /(/: Unterminated group",
  ],
};

const schema = JSON.parse(
  readFileSync(new URL("../../../conformance/report.schema.json", import.meta.url), "utf8"),
) as { $defs: { caseProblem: { properties: { code: { enum: string[] } } } } };

describe("case problem codes", () => {
  const codes = Object.keys(CASE_PROBLEMS) as CaseProblemCode[];

  it("are described, worded, sampled and named by the report schema", () => {
    for (const code of codes) expect(CASE_PROBLEMS[code].length).toBeGreaterThan(10);
    expect(Object.keys(CASE_PROBLEM_WORDS).sort()).toEqual([...codes].sort());
    expect(Object.keys(SAMPLES).sort()).toEqual([...codes].sort());
    expect([...schema.$defs.caseProblem.properties.code.enum].sort()).toEqual([...codes].sort());
  });

  it.each(codes)("%s reads as pinned", (code) => {
    const [record, words] = SAMPLES[code];
    expect(caseProblemText(record)).toBe(words);
  });
});
