/**
 * A saved record goes back as writes a server must take: runs of its members in order, each
 * fewer than 100 pairs (P-DATA-3) and at most 1 MiB of JSON (P-ERR-4), however large the record
 * (up to 10,000 keys and 4 MiB, P-DATA-7).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillOrdered, stringifyOrdered } from "../../../src/conformance/request/ordered-json.js";
import { recordWrites } from "../../../src/conformance/request/record-writes.js";
import type { TemplateContext } from "../../../src/conformance/request/template.js";
import { MAX_BODY_BYTES, PAIR_LIMIT } from "../../../src/model/limits.js";

const ctx = (saved: unknown): TemplateContext => ({
  users: {},
  namespace: "",
  unique: "",
  captures: new Map([["saved", saved]]),
});

/** The writes of `record` as the JSON texts sent. */
function writes(record: Record<string, string>): string[] {
  const filled = fillOrdered("{$saved}", ctx(record));
  if (!filled.ok) throw new Error(JSON.stringify(filled.problem));
  return recordWrites(filled.value).map(stringifyOrdered);
}

describe("recordWrites", () => {
  it("one write for a small record, the members in their order", () => {
    expect(writes({ b: "1", a: "2" })).toEqual(['{"b":"1","a":"2"}']);
  });
  it("99 pairs a write: 120 keys go back as 99 and 21", () => {
    const record = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`k${i}`, "v"]));
    const sent = writes(record).map((t) => Object.keys(JSON.parse(t) as object).length);
    expect(sent).toEqual([PAIR_LIMIT - 1, 21]);
  });
  it("1 MiB a write: 60 values of 60,000 characters go back in four writes", () => {
    const record = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`k${i}`, "é".repeat(30_000)]),
    );
    const sent = writes(record);
    expect(sent.length).toBe(4);
    for (const t of sent) expect(Buffer.byteLength(t)).toBeLessThanOrEqual(MAX_BODY_BYTES);
  });
  it("property: every write within both bounds, and together the record, in order", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 40_000 })),
          {
            maxLength: 300,
          },
        ),
        (pairs) => {
          const record = Object.fromEntries(pairs.map(([k, v], i) => [`${i}-${k}`, v]));
          const sent = writes(record);
          const back: [string, unknown][] = [];
          for (const t of sent) {
            expect(Buffer.byteLength(t)).toBeLessThanOrEqual(MAX_BODY_BYTES);
            const members = Object.entries(JSON.parse(t) as Record<string, unknown>);
            expect(members.length).toBeLessThan(PAIR_LIMIT);
            back.push(...members);
          }
          expect(back).toEqual(Object.entries(record));
        },
      ),
      { numRuns: 40 },
    );
  });
});
