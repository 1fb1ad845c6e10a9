/**
 * The differential run: the reference against itself is empty, against a
 * correct server that writes what readers must tolerate (the allowed variants) is empty too, and
 * against a defective server lists the differences with both answers; in suite and fuzz modes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVariantProxy, type VariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { VARIANTS } from "../../scripts/mutants/variants.js";
import {
  compareAnswers,
  type DiffResult,
  type ExchangePair,
  GROUP_SOURCES,
  pairDifference,
  type RawAnswer,
  runDiff,
  semanticAnswer,
} from "../../src/conformance/diff/index.js";
import { abortText, isRunAbort } from "../../src/conformance/index.js";
import { formatDiffResult } from "../../src/conformance/reporters/diff-text.js";
import { bundledTarget, type Running, startReference } from "./helpers.js";

let a: Running;
let b: Running;

beforeAll(async () => {
  [a, b] = await Promise.all([startReference(), startReference()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

function result(r: Awaited<ReturnType<typeof runDiff>>): DiffResult {
  if (isRunAbort(r)) throw new Error(abortText(r));
  return r;
}

const show = (r: DiffResult) =>
  formatDiffResult(r, ["A", "B"], ["quiz secret+1/é", "notes-secret"]);

/** A defect: `hasApp` of every person is true. */
const hasAppAlways = (body: string, type: string) =>
  type.includes("json")
    ? body.replace(/"hasApp":false/g, '"hasApp":true')
    : body.replace(/<hasApp>false</g, "<hasApp>true<");

describe("diff of the suite's requests", () => {
  it("the reference against itself: no semantic difference", async () => {
    const r = result(await runDiff({ a: bundledTarget(a.url), b: bundledTarget(b.url) }));
    expect(r.compared).toBeGreaterThan(200);
    expect(show(r)).toMatch(/no semantic difference/);
    expect(r.differences).toEqual([]);
  }, 60_000);

  it("the reference against a defective server: each difference with both answers side by side", async () => {
    const proxy = await startVariantProxy(b.url, hasAppAlways);
    try {
      const r = result(
        await runDiff({ a: bundledTarget(a.url), b: bundledTarget(proxy.url), grep: /^people/ }),
      );
      expect(r.differences.length).toBeGreaterThan(0);
      const d = r.differences[0];
      expect(d?.difference.where).toMatch(/hasApp/);
      expect(d?.a?.body).toContain('"hasApp":false');
      expect(d?.b?.body).toContain('"hasApp":true');
      const text = show(r);
      expect(text).toMatch(/semantic difference\(s\)/);
      expect(text).toContain("curl -sS -i");
      expect(text).not.toContain("quiz secret+1/é");
      // identical differences (same place, same value on each side) are one entry, counted
      const keys = new Set(
        r.differences.map((x) =>
          JSON.stringify([x.difference.where, x.difference.a, x.difference.b]),
        ),
      );
      expect(r.groups.length).toBe(keys.size);
      expect(r.groups.length).toBeLessThan(r.differences.length);
      expect(r.groups.reduce((n, g) => n + g.count, 0)).toBe(r.differences.length);
      const big = r.groups.find((g) => g.count > GROUP_SOURCES);
      expect(big?.sources).toHaveLength(GROUP_SOURCES);
      expect(text.match(/^\d+\. /gm)).toHaveLength(r.groups.length);
      expect(text).toContain(
        `${big?.count} requests (${big?.sources.join(", ")}, and ${(big?.count ?? 0) - GROUP_SOURCES} more): ${big?.first.difference.where}`,
      );
      expect(text).toMatch(
        new RegExp(
          `${r.differences.length} semantic difference\\(s\\), ${r.groups.length} distinct`,
        ),
      );
      // a side that was an in-process reference is gone after the run: no line names its URL
      const bOnly = formatDiffResult(r, ["reference", "B"], [], [true, false]);
      expect(bOnly).not.toContain(a.url);
      expect(bOnly).toMatch(/\(as sent to B\) .*curl -sS -i 'http:\/\/127\.0\.0\.1:\d+\/os\//);
      expect(bOnly).toContain(`curl -sS -i '${proxy.url}/`);
      const neither = formatDiffResult(r, ["reference", "reference"], [], [true, true]);
      expect(neither).not.toContain(a.url);
      expect(neither).not.toContain(proxy.url);
      expect(neither).toMatch(
        /no curl line: A was the in-process reference, .*`opensocial-kit serve` and send GET \/os\/0\.8\/people\//,
      );
      // B in-process, A real: A's line, as before
      expect(formatDiffResult(r, ["A", "reference"], [], [false, true])).toContain(
        `curl -sS -i '${a.url}/`,
      );
    } finally {
      await proxy.close();
    }
  }, 60_000);

  describe("against a correct server writing what readers tolerate (every allowed variant; other data reported)", () => {
    for (const v of VARIANTS)
      it(v.id, async () => {
        const proxy: VariantProxy = await startVariantProxy(b.url, v.rewrite, undefined, v.wire);
        try {
          const r = result(await runDiff({ a: bundledTarget(a.url), b: bundledTarget(proxy.url) }));
          // A variant answering other data (a shorter default page, a 400 to a paging value the
          // other side takes, an error body in text) is a difference diff reports.
          if (v.otherData) expect(show(r)).toMatch(/: [1-9]\d* semantic difference\(s\)/);
          else expect(show(r)).toMatch(/no semantic difference/);
        } finally {
          await proxy.close();
        }
      }, 60_000);
  });
});

describe("diff of a fuzz sequence", () => {
  it("the reference against itself: no difference; against the defect: differences", async () => {
    const same = result(
      await runDiff({
        a: bundledTarget(a.url),
        b: bundledTarget(b.url),
        fuzzSeed: 11,
        fuzzSteps: 200,
      }),
    );
    expect(same.compared).toBeGreaterThan(200);
    expect(show(same)).toMatch(/no semantic difference/);
    const proxy = await startVariantProxy(b.url, hasAppAlways);
    try {
      const r = result(
        await runDiff({
          a: bundledTarget(a.url),
          b: bundledTarget(proxy.url),
          fuzzSeed: 11,
          fuzzSteps: 200,
        }),
      );
      expect(r.differences.length).toBeGreaterThan(0);
      expect(r.differences[0]?.source).toMatch(/^op \d+ request \d+/);
      // fuzz mode keeps the request as made for B too (its curl line when A ran in-process)
      expect(r.differences[0]?.requestB?.url.startsWith(proxy.url)).toBe(true);
      expect(r.groups.reduce((n, g) => n + g.count, 0)).toBe(r.differences.length);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

/** JSON answers padded with whitespace (a layout readers tolerate) up to at least 8 KiB. */
const padded = (body: string, type: string) =>
  type.includes("json") ? `${body}${" ".repeat(Math.max(0, 8192 - body.length))}` : body;

describe("answers not read: over the cap, or no answer", () => {
  it("suite: a request answered over the cap on B is not compared, and not a difference", async () => {
    const proxy = await startVariantProxy(b.url, padded);
    try {
      const r = result(
        await runDiff({
          a: bundledTarget(a.url),
          b: bundledTarget(proxy.url),
          grep: /^appdata-read\//,
          maxAnswerBytes: 6000,
        }),
      );
      expect(r.notCompared.length).toBeGreaterThan(0);
      expect(r.notCompared.every((n) => n.sides.includes("B"))).toBe(true);
      expect(r.differences).toEqual([]);
      expect(r.compared).toBeGreaterThan(0);
      const text = show(r);
      expect(text).toMatch(
        /^Not compared: \d+ request\(s\) whose answer was larger than 6000 bytes/m,
      );
      expect(text).toMatch(/over the cap on B\)/);
      expect(text).toMatch(/NOT GREEN: no semantic difference, but \d+ request\(s\) not compared/);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it("suite: a request answered over the cap on A (the case stops there) is counted, not dropped", async () => {
    const r = result(
      await runDiff({
        a: bundledTarget(a.url),
        b: bundledTarget(b.url),
        grep: /^people\//,
        maxAnswerBytes: 1024,
      }),
    );
    expect(r.notCompared.some((n) => n.sides.join() === "A")).toBe(true);
    expect(r.differences).toEqual([]);
  }, 60_000);

  it("fuzz: an answer over the cap on B is not compared, nor the rest of its operation", async () => {
    const proxy = await startVariantProxy(b.url, padded);
    try {
      const r = result(
        await runDiff({
          a: bundledTarget(a.url),
          b: bundledTarget(proxy.url),
          fuzzSeed: 11,
          fuzzSteps: 60,
          maxAnswerBytes: 6000,
        }),
      );
      expect(r.notCompared.length).toBeGreaterThan(0);
      expect(r.notCompared[0]?.source).toMatch(/^op \d+ request \d+/);
      expect(r.notCompared.every((n) => n.sides.includes("B"))).toBe(true);
      expect(r.differences).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it("a side that got no answer says why, not that it was sent nothing; the same failure on each side is no difference", () => {
    const sent = {
      method: "GET",
      url: "http://127.0.0.1:1/os/0.8/people/@me/@self",
      headers: {},
      bodyBytes: 0,
      http: "1.1" as const,
    };
    const ok: RawAnswer = {
      status: 200,
      headers: { "content-type": "application/json" },
      body: Buffer.from("{}"),
    };
    const timeout = {
      code: "timeout" as const,
      message: "no response within 10000 ms",
      ms: 10_000,
    };
    const pair: ExchangePair = { source: "x step 1", sent, a: ok, bFailure: timeout };
    expect(pairDifference(pair)).toEqual({
      where: "answer",
      a: 200,
      b: "(no answer: no response within 10000 ms)",
    });
    expect(pairDifference({ source: "x", sent, a: ok })?.b).toBe("(no request)");
    expect(
      pairDifference({ source: "x", sent, aFailure: timeout, bFailure: timeout }),
    ).toBeUndefined();
    const r: DiffResult = {
      mode: "suite",
      compared: 1,
      differences: [
        {
          source: "x step 1",
          request: sent,
          difference: pairDifference(pair)!,
          a: { status: 200, contentType: "application/json", body: "{}" },
          bFailure: timeout,
        },
      ],
      groups: [],
      notCompared: [],
      maxAnswerBytes: 1024,
      ms: 1,
    };
    r.groups.push({ first: r.differences[0]!, count: 1, sources: ["x step 1"] });
    expect(show(r)).toContain("| (no answer: no response within 10000 ms)");
  });
});

describe("compareAnswers: the readers' tolerance", () => {
  const json = (status: number, body: string) =>
    semanticAnswer({
      status,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: Buffer.from(body),
    });
  const atom = (body: string) =>
    semanticAnswer({
      status: 200,
      headers: { "content-type": "application/atom+xml" },
      body: Buffer.from(body),
    });
  it("whitespace between elements is no difference in a feed above the Atom reader's 1 MiB default", () => {
    // a friend's record may hold 4 MiB (P-DATA-7): diff reads under the answer cap, as the checks
    const value = `<v>${"x".repeat(1_200_000)}</v>`;
    const feed = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content>${value}</content></entry></feed>`;
    const spaced = feed.replace(/></g, ">\n  <");
    expect(atom(feed).body.form).toBe("atom");
    expect(compareAnswers(atom(feed), atom(spaced))).toBeUndefined();
  });

  it("member order, renderings, extension members and error text are not differences", () => {
    expect(
      compareAnswers(json(200, '{"a":1,"b":true}'), json(200, '{"b":"true","a":"1","xExt":{}}')),
    ).toBeUndefined();
    expect(
      compareAnswers(
        json(404, '{"error":{"code":404,"message":"x"}}'),
        json(404, '{"error":{"code":404,"message":"y"}}'),
      ),
    ).toBeUndefined();
    expect(compareAnswers(json(200, '{"a":1}'), json(200, '{"a":2}'))?.where).toBe("body /a");
    expect(compareAnswers(json(200, '{"a":1}'), json(400, '{"a":1}'))?.where).toBe("status");
  });
  it("an appdata record's keys are data: an extra key is a difference", () => {
    const base = '{"entry":{"u:a":{"k":"v"}},"id":["u:a"],"startIndex":0,"totalResults":1}';
    const extra =
      '{"entry":{"u:a":{"k":"v","x":"1"}},"id":["u:a"],"startIndex":0,"totalResults":1}';
    expect(compareAnswers(json(200, base), json(200, extra))?.where).toBe("body /entry/u:a/x");
  });
  it("XML prefixes and whitespace are not differences; the order of appdata keys is", () => {
    const x1 =
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><a>1</a><b>2</b></appdata></content></entry></feed>';
    const x2 =
      '<f:feed xmlns:f="http://www.w3.org/2005/Atom">\n  <f:entry>\n    <f:content type="application/xml"><d:appdata xmlns:d="http://ns.opensocial.org/2008/opensocial"><d:a>1</d:a><d:b>2</d:b></d:appdata></f:content>\n  </f:entry>\n</f:feed>';
    const x3 = x1.replace("<a>1</a><b>2</b>", "<b>2</b><a>1</a>");
    expect(compareAnswers(atom(x1), atom(x2))).toBeUndefined();
    expect(compareAnswers(atom(x1), atom(x3))).toBeDefined();
  });
  it("the appdata element named appData is no difference (P-FMT-3: readers accept it)", () => {
    const feed = (name: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/xml"><${name} xmlns="http://ns.opensocial.org/2008/opensocial"><a>1</a><b>2</b></${name}></content></entry></feed>`;
    expect(compareAnswers(atom(feed("appdata")), atom(feed("appData")))).toBeUndefined();
    // its keys are still data, in their order (P-FMT-3)
    expect(
      compareAnswers(
        atom(feed("appdata")),
        atom(feed("appData").replace("<a>1</a><b>2</b>", "<b>2</b><a>1</a>")),
      ),
    ).toBeDefined();
  });
  it('an Atom title with type="text", the default, is no difference (RFC 4287 §3.1.1)', () => {
    const feed = (title: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><a>1</a></appdata></content>${title}<updated/></entry></feed>`;
    expect(
      compareAnswers(atom(feed("<title/>")), atom(feed('<title type="text"/>'))),
    ).toBeUndefined();
    // another type is another construct
    expect(
      compareAnswers(atom(feed("<title/>")), atom(feed('<title type="html"/>'))),
    ).toBeDefined();
  });
  it("OpenSearch elements other than the paging members are no difference (OpenSearch 1.1 Query)", () => {
    const feed = (head: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:o="http://a9.com/-/spec/opensearch/1.1">${head}<o:startIndex>0</o:startIndex><o:totalResults>1</o:totalResults><entry><content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><a>1</a></appdata></content></entry></feed>`;
    const base = feed("");
    expect(
      compareAnswers(atom(base), atom(feed('<o:Query role="request" startIndex="0"/>'))),
    ).toBeUndefined();
    // the paging members are still compared
    expect(
      compareAnswers(atom(base), atom(feed("<o:itemsPerPage>20</o:itemsPerPage>"))),
    ).toBeDefined();
    expect(
      compareAnswers(atom(base), atom(base.replace(">1</o:totalResults>", ">2</o:totalResults>"))),
    ).toBeDefined();
  });
  it("an entry's id and author link with the urn:guid: prefix in any case are no difference (RFC 8141 §3.1)", () => {
    const feed = (id: string, url: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><a>1</a></appdata></content><title/><updated/><author><url>${url}</url></author><id>${id}</id></entry></feed>`;
    const base = feed("urn:guid:u:a", "urn:guid:u:a");
    expect(compareAnswers(atom(base), atom(feed("URN:GUID:u:a", "Urn:Guid:u:a")))).toBeUndefined();
    // the id after the prefix is data, in its case; another id is a difference
    expect(compareAnswers(atom(base), atom(feed("urn:guid:U:A", "urn:guid:u:a")))).toBeDefined();
    expect(compareAnswers(atom(base), atom(feed("urn:guid:u:a", "URN:GUID:u:b")))).toBeDefined();
  });
  it("an album's or photo's integer in any JSON text of its value is no difference (P-FMT-7.8, RFC 8259 §6)", () => {
    const album = (count: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/xml"><album xmlns="http://ns.opensocial.org/2008/opensocial"><id>u:a1</id><mediaItemCount>${count}</mediaItemCount></album></content></entry></feed>`;
    const photo = (size: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/xml"><mediaItem xmlns="http://ns.opensocial.org/2008/opensocial"><id>u:p1</id><fileSize>${size}</fileSize></mediaItem></content></entry></feed>`;
    for (const text of ["3.0", "3E0", "30e-1"]) {
      expect(compareAnswers(atom(album("3")), atom(album(text)))).toBeUndefined();
      expect(compareAnswers(atom(photo("3")), atom(photo(text)))).toBeUndefined();
    }
    // another value is still a difference, and so is a text no JSON number
    expect(compareAnswers(atom(album("3")), atom(album("3.5")))).toBeDefined();
    expect(compareAnswers(atom(album("3")), atom(album("03")))).toBeDefined();
  });
  it("Atom metadata the documents do not give, and qualified attributes, are not differences (RFC 4287 §6.4)", () => {
    const feed = (meta: string, entryMeta: string, authorMeta: string, attrs: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"${attrs}>${meta}<entry><content type="application/xml"><appdata xmlns="http://ns.opensocial.org/2008/opensocial"><a>1</a></appdata></content><title/><updated/><author>${authorMeta}<url>urn:guid:u:a</url></author><id>urn:guid:u:a</id>${entryMeta}</entry></feed>`;
    const base = feed("", "", "", "");
    const metadata = feed(
      '<id>urn:uuid:1</id><title>t</title><updated>2026-11-28T00:00:00Z</updated><author><name>n</name></author><link rel="self" href="http://x/"/><generator>g</generator>',
      '<link rel="alternate" href="http://x/1"/>',
      "<name>someone</name>",
      ' xml:lang="en" xmlns:v="urn:v" v:seen="yes"',
    );
    expect(compareAnswers(atom(base), atom(metadata))).toBeUndefined();
    // What the documents give is still compared: the entry id, the author link.
    expect(
      compareAnswers(
        atom(base),
        atom(base.replace("<id>urn:guid:u:a</id>", "<id>urn:guid:u:b</id>")),
      ),
    ).toBeDefined();
    expect(
      compareAnswers(
        atom(base),
        atom(base.replace("<url>urn:guid:u:a</url>", "<url>urn:guid:u:b</url>")),
      ),
    ).toBeDefined();
    expect(
      compareAnswers(atom(base), atom(base.replace('type="application/xml"', 'type="text/plain"'))),
    ).toBeDefined();
  });
  it("an extension member is no difference in either form: JSON, and its one child in Atom (P-FMT-7)", () => {
    const person = (extra: string, address: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="application/xml"><person xmlns="http://ns.opensocial.org/2008/opensocial"><id>u:a</id><nickname>n</nickname>${extra}<addresses>${address}</addresses></person></content><id>urn:guid:u:a</id></entry></feed>`;
    const base = person("", "<region>r</region>");
    // An extra child with a name the documents do not give, on either side.
    expect(
      compareAnswers(atom(base), atom(person("<xVendor>1</xVendor>", "<region>r</region>"))),
    ).toBeUndefined();
    expect(
      compareAnswers(
        atom(person("<xVendor><note>x</note></xVendor>", "<region>r</region>")),
        atom(base),
      ),
    ).toBeUndefined();
    // An address member one side leaves out, as JSON tolerates it.
    expect(
      compareAnswers(atom(base), atom(person("", "<region>r</region><country>c</country>"))),
    ).toBeUndefined();
    // The same member on both sides is data: a different value is a difference.
    expect(
      compareAnswers(
        atom(person("<xVendor>1</xVendor>", "<region>r</region>")),
        atom(person("<xVendor>2</xVendor>", "<region>r</region>")),
      ),
    ).toBeDefined();
    expect(compareAnswers(atom(base), atom(person("", "<region>s</region>")))).toBeDefined();
    // A member the documents give is never an extension.
    expect(
      compareAnswers(atom(base), atom(person("<gender>f</gender>", "<region>r</region>"))),
    ).toBeDefined();
    // Children follow the JSON member order, which is no difference either.
    expect(
      compareAnswers(
        atom(base),
        atom(
          base.replace("<id>u:a</id><nickname>n</nickname>", "<nickname>n</nickname><id>u:a</id>"),
        ),
      ),
    ).toBeUndefined();
    // The same in JSON.
    expect(
      compareAnswers(
        json(200, '{"entry":{"id":"u:a","addresses":[{"region":"r"}]}}'),
        json(200, '{"entry":{"id":"u:a","xVendor":1,"addresses":[{"region":"r","country":"c"}]}}'),
      ),
    ).toBeUndefined();
  });
  it("two lists whose entries differ only by extension members pair entry with entry", () => {
    const entry = (id: string, extra: string) =>
      `<entry><content type="application/xml"><album xmlns="http://ns.opensocial.org/2008/opensocial"><id>${id}</id>${extra}<title>t</title></album></content></entry>`;
    const feed = (...entries: string[]) =>
      `<feed xmlns="http://www.w3.org/2005/Atom">${entries.join("")}</feed>`;
    expect(
      compareAnswers(
        atom(feed(entry("a", ""), entry("b", ""))),
        atom(feed(entry("a", "<zz>9</zz>"), entry("b", "<aa>1</aa>"))),
      ),
    ).toBeUndefined();
  });
  it("answers on ground the profile leaves open are not compared (P-ERR-6)", () => {
    const pair = (url: string, a: string, b: string): ExchangePair => ({
      source: "test",
      sent: { method: "GET", url, headers: {}, bodyBytes: 0, http: "1.1" },
      a: { status: 200, headers: { "content-type": "application/json" }, body: Buffer.from(a) },
      b: { status: 404, headers: { "content-type": "application/json" }, body: Buffer.from(b) },
    });
    for (const url of [
      "http://h/",
      "http://h/healthz",
      "http://h/os/0.9/people/@me/@self",
      "http://h/os/0.8/people/%40me/@self",
      "http://h/os/0.8/people/example.org%3Aalice/@self?x=1",
    ])
      expect(pairDifference(pair(url, "{}", '{"error":{"code":404}}')), url).toBeUndefined();
    expect(pairDifference(pair("http://h/os/0.8/people/@me/@self?q=%40", "{}", "{}"))?.where).toBe(
      "status",
    );
    // An empty 200 compressed on one side only: the client undoes the encoding; no difference.
    const empty = (headers: Record<string, string>): RawAnswer => ({
      status: 200,
      headers,
      body: new Uint8Array(),
    });
    expect(
      compareAnswers(
        semanticAnswer(empty({ "content-encoding": "gzip", vary: "Accept-Encoding" })),
        semanticAnswer(empty({ "content-length": "0" })),
      ),
    ).toBeUndefined();
  });
  it("an author url in any namespace, or an Atom uri, is one link (P-FMT-5); its value is data", () => {
    const feed = (author: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><author>${author}</author><id>urn:guid:u:a</id></entry></feed>`;
    const url = feed("<url>urn:guid:u:a</url>");
    expect(
      compareAnswers(
        atom(url),
        atom(
          feed('<o:url xmlns:o="http://ns.opensocial.org/2008/opensocial">urn:guid:u:a</o:url>'),
        ),
      ),
    ).toBeUndefined();
    expect(compareAnswers(atom(url), atom(feed("<uri>urn:guid:u:a</uri>")))).toBeUndefined();
    expect(compareAnswers(atom(url), atom(feed("<uri>urn:guid:u:b</uri>")))).toBeDefined();
    expect(compareAnswers(atom(url), atom(feed("<url>urn:guid:u:b</url>")))).toBeDefined();
    expect(compareAnswers(atom(url), atom(feed("")))).toBeDefined();
  });
});
