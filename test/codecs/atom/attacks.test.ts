// Hostile input: DOCTYPEs and entities are refused before any expansion, size and
// depth are bounded, and every document costs bounded time. fromAtom never throws.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_ATOM_LIMITS, fromAtom, MAX_ATOM_DEPTH } from "../../../src/codecs/atom/index.js";
import { parseXmlDocument } from "../../../src/codecs/atom/read.js";

const ATOM = "http://www.w3.org/2005/Atom";
const GOLDEN = readFileSync(
  new URL("../../../fixtures/atom/appdata-escaping.xml", import.meta.url),
  "utf8",
);

/** Runs `fn`, returning its result and the milliseconds it took. */
function timed<T>(fn: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = fn();
  return { result, ms: performance.now() - start };
}

function codes(xml: string | Uint8Array, options: Parameters<typeof fromAtom>[2] = {}): string[] {
  const r = fromAtom("appdata", xml, options);
  return r.ok ? [] : r.issues.map((i) => i.code);
}

describe("entity attacks: any DOCTYPE is refused, nothing is expanded", () => {
  it("billion laughs → xml-doctype, at once", () => {
    let dtd = '<!ENTITY lol0 "lol">';
    for (let i = 1; i <= 9; i++) dtd += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
    const xml = `<?xml version="1.0"?><!DOCTYPE feed [${dtd}]><feed xmlns="${ATOM}">&lol9;</feed>`;
    const { result, ms } = timed(() => fromAtom("appdata", xml));
    expect(result).toMatchObject({ ok: false, issues: [{ code: "xml-doctype" }] });
    expect(ms).toBeLessThan(200);
  });
  it("an entity reference without a DTD is an undeclared entity, not an expansion", () => {
    expect(codes(`<feed xmlns="${ATOM}">&lol9;</feed>`)).toEqual(["xml-malformed"]);
  });
  it("XXE (external entity, SYSTEM and PUBLIC) → xml-doctype, the file is never read", () => {
    for (const decl of [
      '<!ENTITY xxe SYSTEM "file:///etc/passwd">',
      '<!ENTITY xxe PUBLIC "-//x//y" "http://127.0.0.1:1/x">',
      '<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;',
    ]) {
      const xml = `<?xml version="1.0"?><!DOCTYPE feed [${decl}]><feed xmlns="${ATOM}"><x>&xxe;</x></feed>`;
      const result = fromAtom("appdata", xml);
      expect(result).toMatchObject({ ok: false, issues: [{ code: "xml-doctype" }] });
      expect(JSON.stringify(result)).not.toContain("root:");
    }
  });
  it("a DOCTYPE without an internal subset, or with an external DTD, → xml-doctype", () => {
    expect(codes(`<!DOCTYPE feed><feed xmlns="${ATOM}"/>`)).toEqual(["xml-doctype"]);
    expect(
      codes(`<!DOCTYPE feed SYSTEM "http://127.0.0.1:1/atom.dtd"><feed xmlns="${ATOM}"/>`),
    ).toEqual(["xml-doctype"]);
  });
  it("quadratic blow-up (a 50 KB entity referenced 20,000 times) → xml-doctype, at once", () => {
    const big = "a".repeat(50_000);
    const xml = `<!DOCTYPE feed [<!ENTITY a "${big}">]><feed xmlns="${ATOM}">${"&a;".repeat(20_000)}</feed>`;
    const { result, ms } = timed(() => fromAtom("appdata", xml));
    expect(result).toMatchObject({ ok: false, issues: [{ code: "xml-doctype" }] });
    expect(ms).toBeLessThan(200);
  });
});

describe("size and shape attacks cost linear time", () => {
  it("10 MB of text is refused from its length, before parsing", () => {
    const xml = `<feed xmlns="${ATOM}">${"a".repeat(10 * 1024 * 1024)}</feed>`;
    const { result, ms } = timed(() => fromAtom("appdata", xml));
    expect(result).toMatchObject({ ok: false, issues: [{ code: "xml-too-large" }] });
    expect(ms).toBeLessThan(20);
  });
  it("10 MB of bytes is refused from its length", () => {
    const bytes = new Uint8Array(10 * 1024 * 1024).fill(0x61);
    const { result, ms } = timed(() => fromAtom("appdata", bytes));
    expect(result).toMatchObject({ ok: false, issues: [{ code: "xml-too-large" }] });
    expect(ms).toBeLessThan(20);
  });
  it("the 1 MiB limit counts UTF-8 bytes: exactly 1 MiB passes the size check, one byte more does not", () => {
    const shell = `<feed xmlns="${ATOM}"></feed>`;
    const fill = (n: number) => `<feed xmlns="${ATOM}">${"a".repeat(n - shell.length)}</feed>`;
    expect(codes(fill(DEFAULT_ATOM_LIMITS.maxBytes))).not.toContain("xml-too-large");
    expect(codes(fill(DEFAULT_ATOM_LIMITS.maxBytes + 1))).toEqual(["xml-too-large"]);
    const wide = `<feed xmlns="${ATOM}">${"日".repeat(400_000)}</feed>`; // 1.2 MB in UTF-8
    expect(wide.length).toBeLessThan(DEFAULT_ATOM_LIMITS.maxBytes);
    expect(codes(wide)).toEqual(["xml-too-large"]);
  });
  it("nesting: 32 levels are read, 33 are refused, 300,000 are refused at once", () => {
    const nest = (n: number) =>
      `<feed xmlns="${ATOM}">${"<a>".repeat(n - 1)}${"</a>".repeat(n - 1)}</feed>`;
    expect(codes(nest(32))).not.toContain("xml-too-deep");
    const deep = fromAtom("appdata", nest(33));
    expect(deep).toMatchObject({ ok: false, issues: [{ code: "xml-too-deep" }] });
    const { result, ms } = timed(() =>
      fromAtom("appdata", `<feed xmlns="${ATOM}">${"<a>".repeat(300_000)}`),
    );
    expect(result).toMatchObject({ ok: false, issues: [{ code: "xml-too-deep" }] });
    expect(ms).toBeLessThan(50);
  });
  it("a document with 120,000 faulty entries reports at most 100 issues", () => {
    const head = '<s:startIndex xmlns:s="http://a9.com/-/spec/opensearch/1.1">0</s:startIndex>';
    const r = fromAtom(
      "appdata",
      `<feed xmlns="${ATOM}">${head}${"<entry/>".repeat(120_000)}</feed>`,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues).toHaveLength(100);
  });
  it("a raised maxDepth is capped at MAX_ATOM_DEPTH: 32k levels cost no more than 256 (saxes took 3.8 s)", () => {
    const nest = (n: number) =>
      `<feed xmlns="${ATOM}">${"<a>".repeat(n - 1)}${"</a>".repeat(n - 1)}</feed>`;
    const limits = { maxDepth: 100_000, maxBytes: 10 * 1024 * 1024 };
    expect(MAX_ATOM_DEPTH).toBe(256);
    expect(codes(nest(MAX_ATOM_DEPTH), { limits })).not.toContain("xml-too-deep");
    const { result, ms } = timed(() => fromAtom("appdata", nest(32_000), { limits }));
    expect(result).toMatchObject({
      ok: false,
      issues: [{ code: "xml-too-deep", message: `elements nested deeper than ${MAX_ATOM_DEPTH}` }],
    });
    expect(ms).toBeLessThan(200);
  });
  it("the depth limit can be lowered", () => {
    expect(fromAtom("appdata", GOLDEN, { limits: { maxDepth: 4 } })).toMatchObject({
      ok: false,
      issues: [{ code: "xml-too-deep", xml: { xpath: "/feed/entry/content/appdata/*" } }],
    });
  });
  it("1 MiB of attributes, of namespace declarations, of siblings, of text: each in bounded time", () => {
    const attrs = Array.from({ length: 40_000 }, (_, i) => `a${i}="x"`).join(" ");
    const ns = Array.from({ length: 20_000 }, (_, i) => `xmlns:p${i}="urn:${i}"`).join(" ");
    const docs = [
      `<feed xmlns="${ATOM}" ${attrs}/>`,
      `<feed xmlns="${ATOM}" ${ns}>${"<p1:x/>".repeat(10_000)}</feed>`,
      `<feed xmlns="${ATOM}">${"<entry/>".repeat(120_000)}</feed>`,
      `<feed xmlns="${ATOM}">${"&amp;<![CDATA[x]]>".repeat(40_000)}</feed>`,
      `<feed xmlns="${ATOM}"><!--${"-x".repeat(400_000)}--></feed>`,
    ];
    for (const xml of docs) {
      expect(new TextEncoder().encode(xml).byteLength).toBeLessThanOrEqual(
        DEFAULT_ATOM_LIMITS.maxBytes,
      );
      const { result, ms } = timed(() => fromAtom("appdata", xml));
      expect(result.ok).toBe(false); // each lacks the OpenSearch members or is malformed
      expect(ms).toBeLessThan(5000); // linear: a quadratic walk of these would take minutes
    }
  });
});

describe("fromAtom never throws", () => {
  it("property: on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const r = fromAtom("appdata", text);
        expect(typeof r.ok).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });
  it("property: on a golden feed cut, spliced and sprinkled with markup", () => {
    const junk = fc.constantFrom(
      "<",
      ">",
      "&",
      "]]>",
      "<!DOCTYPE x>",
      "<?pi?>",
      "</feed>",
      "<x:y>",
      "\u0000",
      "\uD800",
      "&#0;",
      '"',
    );
    fc.assert(
      fc.property(fc.nat(GOLDEN.length), fc.nat(GOLDEN.length), junk, (a, b, j) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        for (const kind of ["appdata", "people", "albums", "photos", "person"] as const) {
          const r = fromAtom(kind, GOLDEN.slice(0, from) + j + GOLDEN.slice(to));
          expect(typeof r.ok).toBe("boolean");
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("parseXmlDocument: the same bounds for checkers that walk the tree", () => {
  it("refuses what fromAtom refuses, and gives the tree otherwise", () => {
    expect(parseXmlDocument(`<!DOCTYPE x><x/>`)).toMatchObject({
      ok: false,
      issues: [{ code: "xml-doctype" }],
    });
    expect(parseXmlDocument("a".repeat(2 * 1024 * 1024))).toMatchObject({
      ok: false,
      issues: [{ code: "xml-too-large" }],
    });
    expect(parseXmlDocument("<x>\uD800</x>")).toMatchObject({
      ok: false,
      issues: [{ code: "xml-invalid-char" }],
    });
    const tree = parseXmlDocument(GOLDEN);
    expect(tree.ok && tree.value.local).toBe("feed");
  });
});
