/**
 * A run that never starts still writes every report it was asked for, saying why, so a CI job
 * that publishes them "always" finds its files and shows the run red: a target that answers the
 * smoke request 401 (exit 3), a closed port (exit 3), a redirect whose Location carries a
 * signature (exit 3, the signature redacted), and a selection that runs nothing (exit 4), none
 * matching or every match unable to run. Each report is read as its consumers read it: the JSON
 * against conformance/report.schema.json, the JUnit XML parsed (the root's attributes and counts
 * as junit-10.xsd has them), the TAP stream through tap-parser, the HTML verdict.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { type FinalResults, Parser } from "tap-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledTarget, type Running, startFake } from "../conformance/helpers.js";
import { reportSchemaErrors } from "../conformance/reporters/report-schema.js";
import { tempDir } from "../server/harness.js";
import { type EveryReport, runEveryReporter } from "./every-reporter.js";

const t = tempDir();
/** The bundled target's main consumer secret (helpers.ts), never to be printed. */
const SECRET = "quiz secret+1/é";
/** A signature a target sent back in a redirect's Location. */
const SIGNATURE = "c2lnbmF0dXJlLXNlbnQtYmFjaw%3D%3D";

let refusing: Running;
let redirecting: Running;
let closedUrl = "";

beforeAll(async () => {
  refusing = await startFake((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end('{"error":{"code":401,"message":"unknown consumer"}}');
  });
  // a target that sends a query-signed request's URL back in the Location, as an http → https
  // redirect keeping the query does
  redirecting = await startFake((_req, res) => {
    res.writeHead(301, {
      location: `https://secure.example/os/0.8/people/@me/@self?oauth_signature=${SIGNATURE}`,
    });
    res.end();
  });
  const closed = await startFake(() => undefined);
  closedUrl = closed.url;
  await closed.close();
});
afterAll(async () => {
  await refusing.close();
  await redirecting.close();
});

/** Writes the bundled target for `url` (changed by `edit`) under `name`; its path. */
function targetFile(
  name: string,
  url: string,
  edit: (t: Record<string, unknown>) => void = () => {},
) {
  const file = join(t.dir, `${name}.json`);
  const target = JSON.parse(JSON.stringify(bundledTarget(url))) as Record<string, unknown>;
  edit(target);
  writeFileSync(file, JSON.stringify(target));
  return file;
}

/** The JSON report's members these tests read. */
interface JsonReport {
  readonly cases: unknown[];
  readonly summary: { readonly total: number };
  readonly exitCode: number;
  readonly stopped: {
    readonly code: string;
    readonly message: string;
    readonly refusal?: {
      readonly code: string;
      readonly status?: number;
      readonly location?: string;
    };
    readonly skipped?: number;
    readonly examples?: readonly {
      readonly id: string;
      readonly skip: { readonly code: string };
    }[];
  };
}

/** The JSON report, checked against the published schema. */
function json(r: EveryReport): JsonReport {
  const report = JSON.parse(r.json) as unknown;
  expect(reportSchemaErrors(report)).toBeUndefined();
  return report as JsonReport;
}

/** An element's attributes, as fast-xml-parser gives them with the `@` prefix. */
type Element = Record<string, unknown>;

/** The JUnit XML, parsed; its root's counts checked against what it holds. */
function junit(r: EveryReport): { root: Element; errors: Element[]; testcases: Element[] } {
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    isArray: (name) => ["testsuite", "testcase"].includes(name),
  }).parse(r.junit) as { testsuites: Element & { testsuite: Element[] } };
  const root = doc.testsuites;
  // junit-10.xsd allows only these on testsuites (no skipped)
  const attrs = Object.keys(root).filter((k) => k.startsWith("@"));
  expect(
    attrs.filter((a) => !["@name", "@time", "@tests", "@failures", "@errors"].includes(a)),
  ).toEqual([]);
  const testcases = root.testsuite.flatMap((s) => (s.testcase as Element[] | undefined) ?? []);
  const errors = testcases.flatMap((c) => (c.error ? [c.error as Element] : []));
  const failures = testcases.filter((c) => c.failure !== undefined).length;
  expect(Number(root["@tests"])).toBe(testcases.length);
  expect(Number(root["@failures"])).toBe(failures);
  expect(Number(root["@errors"] ?? 0)).toBe(errors.length);
  for (const s of root.testsuite) {
    const own = (s.testcase as Element[] | undefined) ?? [];
    expect(Number(s["@tests"])).toBe(own.length);
    expect(Number(s["@errors"])).toBe(own.filter((c) => c.error !== undefined).length);
  }
  return { root, errors, testcases };
}

/** The TAP stream as tap-parser reads it. */
function tap(r: EveryReport): Promise<FinalResults> {
  return new Promise((resolve) => new Parser(resolve).end(r.tap));
}

/** What every report of a run that never started holds: the reason, red, no secret. */
async function expectUnstarted(r: EveryReport, code: number, reason: RegExp): Promise<JsonReport> {
  expect(r.code).toBe(code);
  const report = json(r);
  expect(report.exitCode).toBe(code);
  expect(report.cases).toEqual([]);
  expect(report.summary.total).toBe(0);
  expect(report.stopped.message).toMatch(reason);

  const x = junit(r);
  expect(x.testcases).toHaveLength(1);
  expect(x.errors).toHaveLength(1);
  expect(String(x.errors[0]?.["@message"])).toMatch(reason);
  expect(x.errors[0]?.["@type"]).toBe(report.stopped.code);

  const results = await tap(r);
  expect(results.ok).toBe(false);
  expect(results.fail).toBe(1);
  expect(String(results.bailout)).toMatch(reason);
  expect(results.failures[0]?.diag?.message).toMatch(reason);

  expect(r.html).toMatch(/id="verdict">FAIL</);
  expect(r.console).toMatch(/\nFAIL\n$/);
  for (const text of [r.json, r.junit, r.tap, r.html, r.console, r.err])
    expect(text).not.toContain(SECRET);
  return report;
}

describe("a run that never starts writes every report, saying why", () => {
  it("a target answering the smoke request 401: exit 3, the refusal in each report", async () => {
    const r = await runEveryReporter(join(t.dir, "refused"), targetFile("refused", refusing.url));
    const report = await expectUnstarted(
      r,
      3,
      /refused the smoke request's credentials .*answered 401/,
    );
    expect(report.stopped).toMatchObject({
      code: "unreachable",
      refusal: { code: "smoke-credentials-refused", status: 401 },
    });
    expect(r.err).toMatch(
      /^opensocial-kit run: the target refused the smoke request's credentials/,
    );
  });

  it("a closed port: exit 3, unreachable named with the transport's code", async () => {
    const r = await runEveryReporter(join(t.dir, "closed"), targetFile("closed", closedUrl));
    const report = await expectUnstarted(r, 3, /is unreachable \(connection/);
    expect(report.stopped).toMatchObject({
      code: "unreachable",
      refusal: { code: "smoke-unreachable", origin: closedUrl, transport: { code: "connection" } },
    });
  });

  it("a redirect whose Location carries a signature: exit 3, the signature redacted in every report", async () => {
    const r = await runEveryReporter(
      join(t.dir, "redirected"),
      targetFile("redirected", redirecting.url),
    );
    const report = await expectUnstarted(r, 3, /redirected \(301 to https:\/\/secure\.example\//);
    expect(report.stopped.refusal?.location).toBe(
      "https://secure.example/os/0.8/people/@me/@self?oauth_signature=REDACTED",
    );
    for (const text of [r.json, r.junit, r.tap, r.html, r.console])
      expect(text).not.toContain(SIGNATURE);
  });

  it("the stderr line of a redirect whose Location carries a signature redacts it", async () => {
    const r = await runEveryReporter(
      join(t.dir, "redirected-err"),
      targetFile("redirected-err", redirecting.url),
    );
    expect(r.err).toMatch(
      /redirected \(301 to https:\/\/secure\.example\/[^ ]*oauth_signature=REDACTED\)/,
    );
    expect(r.err).not.toContain(SIGNATURE);
  });

  it("no case matches the selection: exit 4, said in each report", async () => {
    const r = await runEveryReporter(join(t.dir, "none"), targetFile("none", refusing.url), {
      grep: "^no-such-case$",
    });
    const report = await expectUnstarted(
      r,
      4,
      /no case selected to run: no case matches the level/,
    );
    expect(report.stopped).toMatchObject({ code: "empty", skipped: 0, examples: [] });
  });

  it("every case selected cannot run against the target: exit 4, the cases and why in each report", async () => {
    const lacking = targetFile("no-stranger", refusing.url, (target) => {
      delete (target.users as Record<string, string>).stranger;
    });
    const r = await runEveryReporter(join(t.dir, "unrunnable"), lacking, {
      grep: "^people/self-stranger-403$",
    });
    const report = await expectUnstarted(
      r,
      4,
      /the 1 case\(s\) selected cannot run against this target \(people\/self-stranger-403: /,
    );
    expect(report.stopped).toMatchObject({
      code: "empty",
      skipped: 1,
      examples: [{ id: "people/self-stranger-403", skip: { code: "missing-roles" } }],
    });
  });
});
