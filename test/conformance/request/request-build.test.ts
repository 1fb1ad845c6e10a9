/**
 * What a built request reports of its body (`sent.body`): the first 2,000 UTF-16 units of its
 * UTF-8 text and `…` when there is more, as if the whole body were decoded, though only its head
 * is; and a `bytes` body of exactly the size asked, never held whole.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RequestSpec } from "../../../src/conformance/case-types.js";
import {
  type BodyBytes,
  bodyPieces,
  wholeBody,
} from "../../../src/conformance/request/body-bytes.js";
import { buildBody, buildRequest } from "../../../src/conformance/request/request-build.js";
import type { TemplateContext } from "../../../src/conformance/request/template.js";

const ctx: TemplateContext = {
  users: { viewer: "example.org:alice" },
  namespace: "example.org",
  unique: "t1",
  captures: new Map(),
};
const env = {
  origin: "http://127.0.0.1:1",
  apps: { main: { consumerKey: "k", consumerSecret: "s" } },
  now: () => 1_700_000_000,
};

/** The request built from `spec`, which this test's cases can always build. */
function built(spec: RequestSpec) {
  const r = buildRequest(spec, ctx, env);
  if (!r.ok) throw new Error(`not built: ${JSON.stringify(r.problem)}`);
  return r.value;
}

/** The body built from `spec`, as it is held. */
function heldBody(spec: Parameters<typeof buildBody>[0]): BodyBytes {
  const r = buildBody(spec, ctx);
  if (!r.ok) throw new Error(`not built: ${JSON.stringify(r.problem)}`);
  return r.value.bytes;
}

/** The body bytes built from `spec`. */
const bodyBytes = (spec: Parameters<typeof buildBody>[0]): Uint8Array => wholeBody(heldBody(spec));

/** The report's text of a body, decoding the whole body (the definition). */
function wholeText(body: Uint8Array): string {
  const text = Buffer.from(body).toString("utf8");
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

const sentBody = (bytes: Uint8Array) =>
  built({
    method: "POST",
    path: "/os/0.8/appdata/x/@self/@app",
    body: { base64: Buffer.from(bytes).toString("base64") },
  }).sent.body;

describe("a built request's reported body", () => {
  it("is the whole body's text cut at 2,000 units, for any bytes around the cut", () => {
    const unit = fc.constantFrom(
      [0x78],
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x98, 0x80],
      [0xff],
      [0xe2, 0x82],
      [0x80],
    );
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1500, maxLength: 2600 }), (units) => {
        const bytes = Uint8Array.from(units.flat());
        expect(sentBody(bytes)).toBe(wholeText(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it("is the whole body's text where a character of any length straddles the decoded head", () => {
    const units = [[0x78], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xff]];
    for (const run of units)
      for (const last of units)
        for (let k = 1990; k <= 3010; k += k < 2010 || k > 2990 ? 1 : 100) {
          const bytes = Uint8Array.from([
            ...Array(k).fill(run).flat(),
            ...last,
            ...Array(9).fill(0x79),
          ]);
          expect(sentBody(bytes)).toBe(wholeText(bytes));
        }
  });

  it("of a 15 MiB body is 2,000 characters and an ellipsis", () => {
    const bytes = heldBody({ bytes: 15 * 1024 * 1024 });
    expect(bytes.length).toBe(15 * 1024 * 1024);
    const body = built({
      method: "POST",
      path: "/os/0.8/appdata/x/@self/@app",
      body: { bytes: 15 * 1024 * 1024 },
    }).sent.body;
    expect(body).toBe(`{"k":"${"x".repeat(1994)}…`);
  });

  it("a 15 MiB `bytes` body is never held whole: its pieces share less than 1 MiB of memory", () => {
    const body = heldBody({ bytes: 15 * 1024 * 1024 });
    const pieces = bodyPieces(body);
    expect(pieces.reduce((n, p) => n + p.length, 0)).toBe(15 * 1024 * 1024);
    const memory = new Set(pieces.map((p) => p.buffer));
    expect([...memory].reduce((n, b) => n + b.byteLength, 0)).toBeLessThan(1024 * 1024);
  });

  it('a `bytes` body is {"k":"x…x"} of the size asked (8 at least)', () => {
    for (const n of [1, 8, 9, 1000, 1_048_576]) {
      const text = Buffer.from(bodyBytes({ bytes: n })).toString("latin1");
      expect(text).toBe(`{"k":"${"x".repeat(Math.max(0, n - 8))}"}`);
    }
  });
});
