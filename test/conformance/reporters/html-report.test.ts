/**
 * The HTML reporter, from a real run against a broken, hostile target: summary by
 * operation and statement, each failure with expected and actual values and their location, the
 * request and the redacted curl line; nothing from the target is left unescaped, no secret and
 * no signature appears, and nothing in the file can reach the network.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../server/harness.js";
import { brokenHtmlReport, HOSTILE } from "../broken-target.js";

const t = tempDir();
let html = "";
let code = -1;

beforeAll(async () => {
  ({ html, code } = await brokenHtmlReport(t.dir));
}, 60_000);
afterAll(() => t.remove());

describe("html reporter", () => {
  it("is one document that says FAIL, with the run's counts", () => {
    expect(code).toBe(1);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toMatch(/<span class="verdict fail" id="verdict">FAIL<\/span>/);
    expect(html).toMatch(/<p id="summary">\d+ cases: \d+ passed, [1-9]\d* failed/);
  });

  it("summarises by operation and by statement, naming the cases that broke each", () => {
    expect(html).toMatch(
      /<table id="by-operation">.*<tr class="bad"><td><code>people<\/code><\/td>/s,
    );
    expect(html).toMatch(/<table id="by-statement">/);
    expect(html).toMatch(
      /<tr class="bad"><td><code>[A-Z0-9§.-]+<\/code><\/td><td>[^<]+<\/td>(<td class="n">\d+<\/td>){6}<td><a href="#case-/,
    );
  });

  it("shows expected and actual side by side with the JSON pointer, the request and the curl line", () => {
    expect(html).toMatch(
      /at <code>\/totalResults<\/code>.*?<h4>expected<\/h4><pre class="expected">\d+<\/pre><\/div><div><h4>actual<\/h4><pre class="actual">\d+<\/pre>/s,
    );
    expect(html).toMatch(/<pre class="request">GET http:\/\/127\.0\.0\.1:\d+\/os\/0\.8\//);
    // a request signed as the case meant: the line signs it afresh, then curl sends it
    expect(html).toMatch(
      /<pre class="curl">: &quot;\$\{OSK_CONSUMER_SECRET:\?[^<]* &amp;&amp; curl -sS -i /,
    );
    expect(html).toContain("oauth_signature=&quot;REDACTED&quot;");
  });

  it("escapes what the hostile server sent and keeps secrets and signatures out", () => {
    expect(html).toContain("&lt;script&gt;document.title='pwned'&lt;/script&gt;");
    expect(html).not.toContain(HOSTILE);
    expect(html.match(/<script/g)).toHaveLength(1);
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    const names = new Set(tags.map((tag) => /^<([a-z0-9]+)/i.exec(tag)?.[1]?.toLowerCase()));
    for (const n of ["img", "link", "iframe", "object", "embed", "base", "form"])
      expect(names.has(n), n).toBe(false);
    for (const tag of tags) {
      expect(tag).not.toMatch(/\ssrc=|\son[a-z]+=/i);
      for (const [, href] of tag.matchAll(/\shref="([^"]*)"/g)) expect(href).toMatch(/^#/);
    }
    expect(html).not.toMatch(/url\(|@import/i);
    expect(html).not.toContain("quiz secret+1/é");
    expect(html).not.toContain("notes!*'()-secret");
    expect(html).not.toMatch(/oauth_signature=(?:&quot;)?(?!REDACTED)[A-Za-z0-9%+/]/);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
  });
});
