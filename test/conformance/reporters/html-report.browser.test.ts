/**
 * The HTML report as a person sees it: a real report of a run with failures against a broken,
 * hostile target, opened from disk in headless Debian Chromium through playwright-core. It opens
 * on the failures (the filter on) under one line per broken statement with its count; each
 * failure shows expected and actual side by side, the nearest existing parent of a missing
 * member, the response with the failing pointer's line marked, and a replay line naming the
 * target and the case. Clicking the filter shows every case; opening the file made no network
 * request and ran no script from the target. Saves a screenshot (to docs/report.png, which README
 * shows, when UPDATE_SCREENSHOT=1; to the temporary folder otherwise).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../server/harness.js";
import { brokenHtmlReport } from "../broken-target.js";

const CHROMIUM = "/usr/bin/chromium";
const t = tempDir();
let file = "";
let targetFile = "";
let browser: Browser | undefined;

beforeAll(async () => {
  ({ file, targetFile } = await brokenHtmlReport(t.dir));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  t.remove();
});

describe.runIf(existsSync(CHROMIUM))("html report in Chromium", () => {
  it("shows the verdict, summaries and failures; the filter hides passing cases; no network, no injected script", async () => {
    const context = await (browser as Browser).newContext({
      viewport: { width: 1280, height: 900 },
    });
    const requests: string[] = [];
    context.on("request", (r) => {
      requests.push(r.url());
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    const url = pathToFileURL(file).href;
    await page.goto(url, { waitUntil: "load" });

    expect(await page.title()).toMatch(/^FAIL · conformance report · http:\/\/127\.0\.0\.1:\d+$/);
    expect(await page.locator("#verdict").textContent()).toBe("FAIL");
    expect(await page.locator("#summary").textContent()).toMatch(
      /\d+ cases: \d+ passed, [1-9]\d* failed/,
    );
    expect(await page.locator("#by-operation tbody tr").count()).toBe(2);
    expect(await page.locator("#by-operation tr.bad").count()).toBe(2);
    expect(await page.locator("#statements > summary").textContent()).toMatch(
      /statements cited; [1-9]\d* broken: /,
    );

    const cases = page.locator("section.case");
    const bad = page.locator("section.case.bad");
    const total = await cases.count();
    const failures = await bad.count();
    expect(failures).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(failures);
    const firstPass = page.locator("section.case.pass").first();

    // it opens on the failures: the filter on, passing cases hidden
    expect(await page.getByLabel(/show only failures/).isChecked()).toBe(true);
    expect(await firstPass.isVisible()).toBe(false);
    expect(await page.locator("section.case:visible").count()).toBe(failures);
    expect(await page.locator("#shown").textContent()).toBe(String(failures));

    // one visible line per broken statement, with its count
    const lines = page.locator("#broken-statements li");
    expect(await lines.count()).toBeGreaterThan(1);
    for (const line of await lines.all()) {
      expect(await line.isVisible()).toBe(true);
      expect(await line.textContent()).toMatch(
        /^[A-Z][A-Z0-9§.-]+ broken in \d+ cases? \((first: )?[a-z-]+\/[a-z0-9-]+\): \S/,
      );
    }

    // a failure shows expected and actual side by side, located, with the request and curl line
    const total7 = page.locator("section.case.bad", { hasText: "/totalResults" }).first();
    const side = total7.locator(".side").first();
    const [exp, act] = [side.locator("pre.expected"), side.locator("pre.actual")];
    const eBox = await exp.boundingBox();
    const aBox = await act.boundingBox();
    expect(eBox && aBox && Math.abs(eBox.y - aBox.y) < 2 && aBox.x > eBox.x + eBox.width).toBe(
      true,
    );
    expect(Number(await act.textContent()) - Number(await exp.textContent())).toBe(7);
    expect(await total7.locator("pre.curl").textContent()).toMatch(
      /^: "\$\{OSK_CONSUMER_SECRET:\?.* && curl -sS -i 'http:\/\/127\.0\.0\.1:\d+\/os\/0\.8\/.*oauth_signature="'"\$s"'"/s,
    );

    // the replay line names the target that was judged and the case
    const id = (await total7.locator("h3 code").first().textContent()) ?? "";
    expect(await total7.locator("pre.replay").textContent()).toBe(
      `npx opensocial-kit run --target ${targetFile} --grep '^${id}$'`,
    );

    // the response, its failing pointer's line marked
    expect(await total7.locator("pre.response-head").textContent()).toMatch(/^HTTP 200\n/);
    expect(await total7.locator("pre.response-body mark").first().textContent()).toMatch(
      /"totalResults": \d+|<opensearch:totalResults>\d+</,
    );

    // a missing member: the panel shows its nearest existing parent
    const missing = page.locator("div.check", { hasText: "nearest existing parent" }).first();
    expect(await missing.locator(".side h4").textContent()).toMatch(
      /^found at \/entry(\/\d+)? \(the nearest existing parent\)$/,
    );
    expect(await missing.locator("pre.actual").textContent()).toContain('"id"');

    // the hostile displayName is shown as text
    const hostile = page.locator("pre.actual", {
      hasText: "<script>document.title='pwned'</script>",
    });
    expect(await hostile.count()).toBeGreaterThan(0);
    expect(await page.locator("script").count()).toBe(1);
    expect(await page.locator("img").count()).toBe(0);

    // the first view, as a person opens it
    await page.evaluate(() => window.scrollTo(0, 0));
    const shot =
      process.env.UPDATE_SCREENSHOT === "1"
        ? join(import.meta.dirname, "../../../docs/report.png")
        : join(t.dir, "report.png");
    await page.screenshot({ path: shot });
    expect(existsSync(shot)).toBe(true);
    // the filter off: every case
    await page.getByLabel(/show only failures/).uncheck();
    expect(await firstPass.isVisible()).toBe(true);
    expect(await page.locator("section.case:visible").count()).toBe(total);

    expect(await page.title()).not.toMatch(/pwned/);
    expect(requests).toEqual([url]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
