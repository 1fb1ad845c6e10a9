/**
 * Validation takes time linear in the errors it finds: a list of entries that each break the
 * schema (here 30 KB of empty entries, six issues each) once took 8 s at 10,000 entries, because
 * ajv's code gathered each entry's errors with a copy of all the errors so far
 * (scripts/compile-validators.ts `linearErrors`). Four times the entries must cost about four
 * times as long, never sixteen; and the generated modules carry no such copy.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { linearErrors, MODULES } from "../../scripts/compile-validators.js";
import { fromJson } from "../../src/codecs/json/index.js";

/** A people list of `n` empty entries. */
const emptyEntries = (n: number) =>
  `{"entry":[${Array(n).fill("{}").join(",")}],"startIndex":0,"itemsPerPage":1,"totalResults":1}`;

/** The least of three timings of reading `text`, in ms; the issues found. */
function timed(text: string): { ms: number; issues: number } {
  let ms = Number.POSITIVE_INFINITY;
  let issues = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = fromJson("people", text);
    ms = Math.min(ms, performance.now() - t0);
    issues = r.ok ? 0 : r.issues.length;
  }
  return { ms, issues };
}

describe("validation time", () => {
  it("grows linearly with the entries that break the schema", () => {
    timed(emptyEntries(500)); // warm up
    const small = timed(emptyEntries(2_000));
    const large = timed(emptyEntries(8_000));
    expect(large.issues).toBe(4 * small.issues);
    // linear: about 4×; the quadratic copy made it about 16× (and 80× at 10,000)
    expect(large.ms).toBeLessThan(10 * small.ms + 100);
  });

  it("the generated modules gather errors in place", () => {
    for (const m of MODULES) {
      const text = readFileSync(join(import.meta.dirname, "../..", m.out), "utf8");
      expect(text, m.out).not.toMatch(/vErrors\.concat\(/);
    }
    expect(
      linearErrors(
        "vErrors = vErrors === null ? validate7.errors : vErrors.concat(validate7.errors);",
      ),
    ).toBe(
      "if (vErrors === null) vErrors = validate7.errors; else for (const e of validate7.errors) vErrors.push(e);",
    );
  });
});
