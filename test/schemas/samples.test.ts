// Runs every sample of fixtures/samples/<kind>.json through validate() in both modes
// (social-api.md §2; lenient vs strict per profile P-FMT-6).

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { issuesOf } from "../../src/model/issue.js";
import { isKind, type Kind } from "../../src/schemas/kinds.js";
import { validate } from "../../src/schemas/validate.js";

interface Sample {
  description: string;
  data: unknown;
  lenient: true | { pointer: string; code: string }[];
  strict: true | { pointer: string; code: string }[];
}

const dir = new URL("../../fixtures/samples/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

describe("fixtures/samples", () => {
  it("has a sample file for every kind the issue names", () => {
    const kinds = files.map((f) => f.replace(/\.json$/, ""));
    expect(kinds).toEqual(
      expect.arrayContaining([
        "albums",
        "photos",
        "appdata",
        "person",
        "people",
        "appdata-write",
        "error",
      ]),
    );
  });

  for (const file of files) {
    const kind = file.replace(/\.json$/, "");
    if (!isKind(kind)) throw new Error(`sample file for unknown kind ${kind}`);
    const samples = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as Sample[];
    describe(kind, () => {
      for (const sample of samples) {
        for (const mode of ["lenient", "strict"] as const) {
          it(`${sample.description} (${mode})`, () => {
            const issues = issuesOf(validate(kind as Kind, sample.data, { mode }));
            const want = sample[mode];
            if (want === true) {
              expect(issues).toEqual([]);
            } else {
              expect(want.length).toBeGreaterThan(0);
              for (const w of want) {
                expect(issues.map((i) => ({ pointer: i.pointer, code: i.code }))).toContainEqual(w);
              }
            }
          });
        }
      }
    });
  }
});
