/**
 * Redaction eats no kit text: with consumer secrets that are ordinary words (`secret`, `a`,
 * `auth`, `0`: a deployed implementation's sample secret is `secret`), a whole run against a
 * target with failures, through `opensocial-kit run` and every reporter (console, JSON, JUnit,
 * TAP, HTML), prints every case id, description and path as it is, and no signature. Redaction
 * stays where a secret can appear (Authorization values, signatures, query and body values,
 * what the target sent).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { loadCases, loadStatements } from "../../src/conformance/index.js";
import { REPORTER_NAMES } from "../../src/conformance/reporters/index.js";
import { loadWorld } from "../../src/server/index.js";
import { start, tempDir } from "../server/harness.js";
import { runEveryReporter } from "./every-reporter.js";

const t = tempDir();
afterAll(() => t.remove());

const st = loadStatements();
const suite = st.ok ? loadCases(st.value) : undefined;
const CASES = suite?.ok ? suite.value : [];

/** REDACTED glued to a word, a path or an id: something of the kit's own was eaten. */
const EATEN = /[A-Za-z0-9/_.-]REDACTED|REDACTED[A-Za-z0-9/_.-]/;

interface Outputs {
  readonly texts: Record<string, string>;
  readonly json: {
    cases: {
      id: string;
      description: string;
      outcome: string;
      replay?: string;
      steps: { request?: { url: string }; checks: { location?: string }[] }[];
    }[];
  };
}

/** A whole run against the reference with these two secrets, totals off by 7 (failures). */
async function runWith(main: string, other: string): Promise<Outputs> {
  const dir = join(t.dir, `${main}-${other}`);
  const world = JSON.parse(readFileSync("fixtures/world.json", "utf8")) as {
    apps: { consumerSecret: string }[];
  };
  const [quiz, notes] = world.apps;
  if (!quiz || !notes) throw new Error("the bundled world has two apps");
  quiz.consumerSecret = main;
  notes.consumerSecret = other;
  const target = JSON.parse(readFileSync("fixtures/target.json", "utf8")) as {
    baseUrl: string;
    apps: { main: { consumerSecret: string }; other: { consumerSecret: string } };
    world: string;
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "world.json"), JSON.stringify(world));
  const loaded = loadWorld(join(dir, "world.json"));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  const upstream = await start({ world: loaded.value });
  const proxy = await startVariantProxy(upstream.url, (body) =>
    body.replace(/"totalResults":(\d+)/g, (_, n: string) => `"totalResults":${Number(n) + 7}`),
  );
  try {
    target.baseUrl = proxy.url;
    target.apps.main.consumerSecret = main;
    target.apps.other.consumerSecret = other;
    writeFileSync(join(dir, "target.json"), JSON.stringify(target));
    const every = await runEveryReporter(dir, join(dir, "target.json"));
    expect(every.code).toBe(1);
    const { code: _, err: __, ...texts } = every;
    return { texts, json: JSON.parse(every.json) };
  } finally {
    await proxy.close();
    await upstream.close();
  }
}

describe.each([
  ["secret", "a"],
  ["auth", "0"],
])("consumer secrets %j and %j", (main, other) => {
  let o: Outputs;
  beforeAll(async () => {
    o = await runWith(main, other);
  }, 120_000);

  it("the JSON report keeps every case id, description, URL path and location as it is", () => {
    expect(CASES.length).toBeGreaterThan(300);
    const byId = new Map(o.json.cases.map((c) => [c.id, c]));
    for (const c of CASES) {
      const got = byId.get(c.id);
      expect(got, c.id).toBeDefined();
      expect(got?.description).toBe(c.description);
    }
    const failed = o.json.cases.filter((c) => c.outcome === "fail");
    expect(failed.length).toBeGreaterThan(5);
    for (const c of failed) {
      expect(c.replay).toContain(`--grep '^${c.id}$'`);
      for (const s of c.steps) {
        expect(s.request?.url.split("?")[0] ?? "").not.toContain("REDACTED");
        for (const k of s.checks) expect(k.location ?? "").not.toContain("REDACTED");
      }
    }
  });

  it.each(REPORTER_NAMES)(
    "%s: no REDACTED in a case id, description or path; signatures redacted",
    (name) => {
      const text = o.texts[name] ?? "";
      expect(text.match(EATEN)?.[0], name).toBeUndefined();
      for (const c of o.json.cases.filter((x) => x.outcome === "fail"))
        expect(text, `${name}: ${c.id}`).toContain(c.id);
      // OSK_SIGNATURE: where a fresh signature goes, in the recipe for signing afresh
      expect(text).not.toMatch(
        /oauth_signature(=|=&quot;|=\\?")(?!REDACTED|OSK_SIGNATURE)[A-Za-z0-9%+/]/,
      );
    },
  );
});
