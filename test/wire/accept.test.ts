/** The one reading of Accept-style headers: the parser, the two q readings and the queries. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptNames,
  exactQuality,
  looseQuality,
  parseAccept,
  RANGE_QUALITY_ENTRIES,
  rangeQuality,
  strictQuality,
} from "../../src/wire/accept.js";

/** Text an Accept header may hold around its separators: letters, digits, `/*.+-=`, spaces. */
const token = fc.string({ unit: fc.constantFrom(..."aBz09/*.+-=q "), maxLength: 12 });
/** A whole header: tokens joined by the separators and anything else. */
const header = fc
  .array(fc.oneof(token, fc.constantFrom(",", ";", ", ", " ; ", "q=", "Q=0.5", "\t")), {
    maxLength: 12,
  })
  .map((parts) => parts.join(""));
/** A well-formed qvalue as written, and its number. */
const qvalue = fc
  .tuple(
    fc.constantFrom("0", "1"),
    fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 3 }),
  )
  .map(([unit, decimals]) => (decimals === "" ? unit : `${unit}.${decimals}`));

describe("parseAccept", () => {
  it("gives one entry per comma-separated item, ranges and parameters trimmed and lower case", () => {
    fc.assert(
      fc.property(header, (h) => {
        const entries = parseAccept(h);
        expect(entries).toHaveLength(h.split(",").length);
        for (const e of [...entries.map((x) => x.range), ...entries.flatMap((x) => x.params)]) {
          expect(e).toBe(e.trim().toLowerCase());
          expect(e).not.toMatch(/[,;]/);
        }
      }),
    );
  });
  it("reads back the ranges and parameters a header was written from", () => {
    const name = fc.string({
      unit: fc.constantFrom(..."abcXYZ019/*+.-="),
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.array(name, { maxLength: 3 })), { minLength: 1 }),
        (list) => {
          const text = list.map(([r, ps]) => [r, ...ps].join(" ; ")).join(" , ");
          expect(parseAccept(text)).toEqual(
            list.map(([r, ps]) => ({
              range: r.toLowerCase(),
              params: ps.map((p) => p.toLowerCase()),
            })),
          );
        },
      ),
    );
  });
  it("reads the first `limit` entries only", () => {
    fc.assert(
      fc.property(header, fc.nat({ max: 6 }), (h, limit) => {
        expect(parseAccept(h, limit)).toEqual(parseAccept(h).slice(0, limit));
      }),
    );
  });
});

describe("the two readings of q", () => {
  it("loose: Number of the text after the first q=, 1 without one", () => {
    fc.assert(
      fc.property(fc.array(token.map((t) => t.trim().toLowerCase())), (params) => {
        const first = params.find((p) => p.startsWith("q="));
        const q = looseQuality({ range: "a/b", params });
        if (first === undefined) expect(q).toBe(1);
        else expect(q).toBe(Number(first.slice(2)));
      }),
    );
    expect(looseQuality({ range: "gzip", params: ["q=1e999"] })).toBe(Number.POSITIVE_INFINITY);
    expect(looseQuality({ range: "gzip", params: ["q=x"] })).toBeNaN();
    expect(looseQuality({ range: "gzip", params: ["q=", "q=0.5"] })).toBe(0);
  });
  it("strict: the last well-formed qvalue, others ignored, 1 without one", () => {
    fc.assert(
      fc.property(
        qvalue,
        fc.array(fc.constantFrom("q=0.5x", "xq=0.2", "q=2", "q=.5", "level=1")),
        (q, noise) => {
          expect(strictQuality({ range: "a/b", params: noise })).toBe(1);
          expect(strictQuality({ range: "a/b", params: [...noise, `q=${q}`, ...noise] })).toBe(
            Number(q),
          );
          expect(strictQuality({ range: "a/b", params: ["q=0.125", `q=${q}`] })).toBe(Number(q));
        },
      ),
    );
  });
});

describe("exactQuality and acceptNames", () => {
  it("agree: a type is named exactly when it has an exact q", () => {
    fc.assert(
      fc.property(header, fc.constantFrom("a/b", "*/*", "q", "aB/z", ""), (h, type) => {
        expect(acceptNames(h, type)).toBe(exactQuality(h, type) !== undefined);
      }),
    );
  });
  it("is the q of the first entry naming the type, 1 without q, undefined without an entry", () => {
    expect(exactQuality("application/json;q=0.4, application/json;q=0.9", "application/json")).toBe(
      0.4,
    );
    expect(exactQuality("text/html, application/json", "application/json")).toBe(1);
    expect(exactQuality("*/*", "application/json")).toBeUndefined();
    expect(exactQuality("application/json;q=x", "application/json")).toBe(0);
    expect(exactQuality("application/json;q=1e999", "application/json")).toBe(0);
  });
  it("a wildcard names no type", () => {
    expect(acceptNames("*/*, application/*", "application/json")).toBe(false);
    expect(acceptNames("text/html, Application/JSON;q=0", "application/json")).toBe(true);
  });
});

describe("rangeQuality: content negotiation by the most specific range", () => {
  it("the most specific range wins", () => {
    expect(rangeQuality("text/*;q=0.2, text/html;q=0.7", "text/html")).toBe(0.7);
    expect(rangeQuality("text/html;q=0.7, text/*", "text/html")).toBe(0.7);
  });
  it.each([
    // A range past the first 64 is not read (a bound on a header of any length).
    [`${", ".repeat(64)}text/html`, 0],
    [`${", ".repeat(63)}text/html`, 1],
    ["text/html", 1],
    ["*/*;q=0.3", 0.3],
    ["text/*;q=0.4", 0.4],
    ["text/html;q=0.5", 0.5],
    ["text/html;q=0", 0],
    ["text/html;q=0.25", 0.25],
    ["text/html;Q=0.5", 0.5],
    // Only a parameter that is exactly a q-value counts.
    ["text/html;xq=0.5", 1],
    ["text/html;q=0.5x", 1],
    ["text/html;level=1", 1],
    // Among ranges of one specificity, the highest q; a more specific range wins whatever its q.
    ["text/html;q=0.5, text/html;q=0.8", 0.8],
    ["text/html;q=0.9, text/html;q=0.2", 0.9],
    ["text/*;q=0.9, text/html;q=0.2", 0.2],
    ["*/*;q=0.9, text/*;q=0.2", 0.2],
    ["application/json", 0],
  ])("rangeQuality(%j, text/html) = %d", (accept, q) => {
    expect(rangeQuality(accept, "text/html")).toBe(q);
  });
  it("is the strict q of the one exact range, whatever wildcards say", () => {
    fc.assert(
      fc.property(qvalue, qvalue, qvalue, (exact, sub, any) => {
        const accept = `*/*;q=${any}, text/*;q=${sub}, text/html;q=${exact}`;
        expect(rangeQuality(accept, "text/html")).toBe(Number(exact));
        expect(rangeQuality(accept, "text/plain")).toBe(Number(sub));
        expect(rangeQuality(accept, "image/png")).toBe(Number(any));
      }),
    );
  });
  it("never reads past the bound, and never answers below 0", () => {
    fc.assert(
      fc.property(header, (h) => {
        const q = rangeQuality(h, "a/b");
        expect(q).toBeGreaterThanOrEqual(0);
        expect(rangeQuality(`${h}${",".repeat(RANGE_QUALITY_ENTRIES)}a/b`, "a/b")).toBe(
          rangeQuality(`${h}${",".repeat(RANGE_QUALITY_ENTRIES)}`, "a/b"),
        );
      }),
    );
  });
});
