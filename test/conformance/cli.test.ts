/**
 * `opensocial-kit run` and `coverage` through the CLI: every exit code (0, 1, 2, 3, 4), the
 * quick start against the in-process reference server, a deliberate defect named by case and
 * statement, JSON/JUnit/TAP reports, and the expectations file's gate semantics.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverageCommand } from "../../src/cli/commands/coverage.js";
import { runCommand } from "../../src/cli/commands/run.js";
import { main } from "../../src/cli/main.js";
import { loadCases, loadStatements } from "../../src/conformance/index.js";
import { type Running, sink, startFake, startReference } from "./helpers.js";
import { dropSelfTotal, startProxy } from "./proxy.js";

let reference: Running;
let defective: Running;
let dir: string;
const args = { level: "profile", timeout: 5000, concurrency: 16, bail: false };

beforeAll(async () => {
  reference = await startReference();
  defective = await startProxy(reference.url, dropSelfTotal);
  dir = mkdtempSync(join(tmpdir(), "osk-cli-"));
});
afterAll(async () => {
  await defective.close();
  await reference.close();
  rmSync(dir, { recursive: true, force: true });
});

function quiet(argv: string[]): Promise<number> {
  const write = process.stdout.write.bind(process.stdout);
  const ewrite = process.stderr.write.bind(process.stderr);
  process.stdout.write = (() => true) as typeof process.stdout.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  return main(argv).finally(() => {
    process.stdout.write = write;
    process.stderr.write = ewrite;
  });
}

describe("opensocial-kit run", () => {
  it("quick start: passes every case against the in-process reference server (exit 0), in under 5 s", async () => {
    const out = sink();
    const err = sink();
    const t0 = performance.now();
    const code = await runCommand({ ...args }, out, err);
    const ms = performance.now() - t0;
    expect(out.text).toMatch(/(\d+) cases: \1 passed, 0 failed/);
    expect(code).toBe(0);
    expect(err.text).toContain("started the reference server");
    expect(ms).toBeLessThan(10_000); // the suite itself reports its wall time; see README
  });

  it("exit 0 through the CLI", async () => {
    expect(await quiet(["run", "--grep", "^people/self-viewer$"])).toBe(0);
  });

  it("exit 1 against a server with one defect, naming the case and the statement; reports written", async () => {
    const out = sink();
    const json = join(dir, "report.json");
    const junit = join(dir, "report.xml");
    const tap = join(dir, "report.tap");
    const code = await runCommand(
      {
        ...args,
        baseUrl: defective.url,
        reporter: ["console", `json:${json}`, `junit:${junit}`, `tap:${tap}`],
      },
      out,
      sink(),
    );
    expect(code).toBe(1);
    expect(out.text).toContain("✗ people/self-viewer");
    expect(out.text).toContain(
      "statement S-4.6-SELF.1: GET /os/0.8/people/{guid}/@self answers 200",
    );
    expect(out.text).toMatch(/\/: must have required property 'totalResults'|totalResults/);
    // the signature sent is never shown: each line signs afresh ("$s") or shows it redacted
    expect(out.text).toMatch(/reproduce: .*curl /);
    const count = (text: string) => out.text.split(text).length - 1;
    const shown = count('oauth_signature="');
    expect(shown).toBeGreaterThan(0);
    expect(count('oauth_signature="REDACTED"') + count(`oauth_signature="'"$s"'"`)).toBe(shown);
    expect(out.text).not.toContain("quiz secret+1/é");
    expect(out.text).not.toContain("quiz%20secret");
    expect(out.text).toContain('expectation entry: {"id":"people/self-viewer"');
    const report = JSON.parse(readFileSync(json, "utf8"));
    const validateReport = new Ajv2020({ strict: false }).compile(
      JSON.parse(
        readFileSync(new URL("../../conformance/report.schema.json", import.meta.url), "utf8"),
      ),
    );
    expect(validateReport(report), JSON.stringify(validateReport.errors?.slice(0, 3))).toBe(true);
    const failed = report.cases.filter((c: { outcome: string }) => c.outcome === "fail");
    expect(failed.map((c: { id: string }) => c.id)).toContain("people/self-viewer");
    expect(failed.find((c: { id: string }) => c.id === "people/self-viewer").failedStatement).toBe(
      "S-4.6-SELF.1",
    );
    expect(report.exitCode).toBe(1);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(
      /<testcase classname="people" name="people\/self-viewer"[^>]*>\s*<failure message="S-4.6-SELF\.1/,
    );
    try {
      execFileSync("xmllint", ["--noout", junit]);
    } catch (e) {
      if ((e as { code?: string }).code !== "ENOENT") throw e;
    }
    expect(readFileSync(tap, "utf8")).toMatch(/^TAP version 13\n1\.\.\d+\n/);
    expect(readFileSync(tap, "utf8")).toMatch(/not ok \d+ people\/self-viewer/);
  });

  it("exit 1 through the CLI against the defect; 0 once the failures are expected; 1 for an unexpected pass or a stale entry", async () => {
    expect(await quiet(["run", "--base-url", defective.url, "--grep", "^people/self-"])).toBe(1);
    const out = sink();
    await runCommand(
      {
        ...args,
        baseUrl: defective.url,
        grep: "^people/self-",
        reporter: [`json:${join(dir, "r.json")}`],
      },
      out,
      sink(),
    );
    const failing = JSON.parse(readFileSync(join(dir, "r.json"), "utf8")).cases.filter(
      (c: { outcome: string }) => c.outcome === "fail",
    );
    expect(failing.length).toBeGreaterThan(0);
    const exp = join(dir, "expectations.json");
    const entries = failing.map((c: { id: string }) => ({ id: c.id, reason: "defect under test" }));
    writeFileSync(exp, JSON.stringify({ expectedFailures: entries }));
    expect(
      await quiet([
        "run",
        "--base-url",
        defective.url,
        "--grep",
        "^people/self-",
        "--expectations",
        exp,
      ]),
    ).toBe(0);
    // the same expectations against the correct server: every entry passes unexpectedly
    const selfCases = async (baseUrl: string) => {
      const out = sink();
      const code = await runCommand(
        { ...args, baseUrl, grep: "^people/self-", expectations: exp },
        out,
        sink(),
      );
      return { code, text: out.text };
    };
    const unexpected = await selfCases(reference.url);
    expect(unexpected.code).toBe(1);
    expect(unexpected.text).toContain("passed unexpectedly");
    writeFileSync(
      exp,
      JSON.stringify({
        expectedFailures: [...entries, { id: "people/no-such-case", reason: "stale" }],
      }),
    );
    const stale = await selfCases(defective.url);
    expect(stale.code).toBe(1);
    expect(stale.text).toContain("stale expectation people/no-such-case");
  });

  it("--write-expectations writes the run's failures as a file --expectations takes back (exit 0), kept up to date in place", async () => {
    const file = join(dir, "known-failures.json");
    const json = join(dir, "write-exp.json");
    const run = (...more: string[]) =>
      quiet(["run", "--base-url", defective.url, "--grep", "^people/self-", ...more]);
    expect(await run("--reporter", `json:${json}`, "--write-expectations", file)).toBe(1);
    const written = JSON.parse(readFileSync(file, "utf8"));
    const report = JSON.parse(readFileSync(json, "utf8"));
    const entries = report.cases.flatMap((c: { expectation?: unknown }) => c.expectation ?? []);
    expect(entries.length).toBeGreaterThan(0);
    expect(written).toEqual({ expectedFailures: entries });
    expect(await run("--expectations", file)).toBe(0);
    // in place: a stale entry dropped, an entry the run did not judge kept, the rest as they were
    const [first, ...rest] = entries as { id: string; reason: string }[];
    const edited = [
      { ...first, reason: "our own words" },
      { id: "people/no-such-case", reason: "stale" },
      { id: "albums/list", reason: "not selected by --grep" },
    ];
    writeFileSync(file, JSON.stringify({ expectedFailures: edited }));
    expect(await run("--expectations", file, "--write-expectations", file)).toBe(1);
    const updated = JSON.parse(readFileSync(file, "utf8")).expectedFailures;
    expect(updated).toContainEqual({ ...first, reason: "our own words" });
    expect(updated).toContainEqual({ id: "albums/list", reason: "not selected by --grep" });
    for (const e of rest) expect(updated).toContainEqual(e);
    expect(updated).toHaveLength(entries.length + 1);
    expect(await run("--expectations", file)).toBe(0);
    // a run that never started leaves the file as it was
    const before = readFileSync(file, "utf8");
    expect(await quiet(["run", "--grep", "^no-such/", "--write-expectations", file])).toBe(4);
    expect(readFileSync(file, "utf8")).toBe(before);
    // one file for a report and the expectations is a usage error
    expect(await run("--reporter", `json:${file}`, "--write-expectations", file)).toBe(2);
  });

  it("--out, --feature and --bail", async () => {
    const file = join(dir, "out.xml");
    expect(await quiet(["run", "--feature", "atom", "--reporter", "junit", "--out", file])).toBe(0);
    const xml = readFileSync(file, "utf8");
    const ids = [...xml.matchAll(/name="([a-z-]+\/[a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toContain("appdata-read/atom");
    expect(ids).not.toContain("people/self-viewer");
    expect(await quiet(["run", "--reporter", "json", "--reporter", "tap", "--out", file])).toBe(2);
    const json = join(dir, "bail.json");
    expect(
      await quiet([
        "run",
        "--base-url",
        defective.url,
        "--bail",
        "--concurrency",
        "1",
        "--reporter",
        `json:${json}`,
      ]),
    ).toBe(1);
    const bailed = JSON.parse(readFileSync(json, "utf8"));
    expect(bailed.cases.filter((c: { outcome: string }) => c.outcome === "fail")).toHaveLength(1);
    const st = loadStatements();
    const loaded = st.ok ? loadCases(st.value) : undefined;
    const total = loaded?.ok ? loaded.value.length : 0;
    // the rest were never started, and are listed as not run
    const notRun = bailed.cases.filter(
      (c: { skip?: { code: string } }) => c.skip?.code === "not-run",
    );
    expect(notRun.length).toBeGreaterThan(0);
    expect(bailed.cases.length).toBe(total);
    expect(bailed.stopped.code).toBe("bail");
  });

  it("exit 2 on usage and target-file errors", async () => {
    expect(await quiet(["run", "--level", "extreme"])).toBe(2);
    expect(await quiet(["run", "--target", join(dir, "missing.json")])).toBe(2);
    const bad = join(dir, "bad-target.json");
    writeFileSync(bad, JSON.stringify({ baseUrl: "not a url", apps: {}, users: { boss: "x" } }));
    const err = sink();
    expect(await runCommand({ ...args, target: bad }, sink(), err)).toBe(2);
    expect(err.text).toMatch(/baseUrl must be an absolute URL/);
    expect(err.text).toMatch(/users.boss: unknown role/);
    expect(await quiet(["run", "--reporter", "xml"])).toBe(2);
    expect(await quiet(["run", "--grep", "("])).toBe(2);
    const exp = join(dir, "bad-exp.json");
    writeFileSync(exp, "{}");
    expect(await quiet(["run", "--expectations", exp])).toBe(2);
  });

  it("exit 2 before any case runs when a report file cannot be written", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "x");
    for (const spec of [`junit:${join(file, "x.xml")}`, `json:${dir}`]) {
      const err = sink();
      const t0 = performance.now();
      expect(await runCommand({ ...args, reporter: [spec] }, sink(), err)).toBe(2);
      expect(performance.now() - t0).toBeLessThan(1000);
      expect(err.text).toMatch(/report file .* (cannot be written|is a directory)/);
      expect(err.text).not.toContain("started the reference server");
    }
    const errX = sink();
    expect(
      await runCommand({ ...args, writeExpectations: join(file, "known.json") }, sink(), errX),
    ).toBe(2);
    expect(errX.text).toMatch(
      /--write-expectations file .*known\.json cannot be written \(ENOTDIR: a part of its path is a file, not a folder\)/,
    );
    const nested = join(dir, "new", "deeper", "run.json");
    const out = sink();
    expect(
      await runCommand(
        { ...args, grep: "^people/self-viewer$", reporter: ["console", `json:${nested}`] },
        out,
        sink(),
      ),
    ).toBe(0);
    expect(JSON.parse(readFileSync(nested, "utf8")).cases).toHaveLength(1);
  });

  it("exit 3 when the target is unreachable or refuses the credentials", async () => {
    const closed = await startFake(() => undefined);
    const url = closed.url;
    await closed.close();
    const err = sink();
    expect(await runCommand({ ...args, baseUrl: url, timeout: 1000 }, sink(), err)).toBe(3);
    expect(err.text).toMatch(/unreachable/);
    const wrong = join(dir, "wrong-secret.json");
    const t = JSON.parse(
      readFileSync(new URL("../../fixtures/target.json", import.meta.url), "utf8"),
    );
    t.baseUrl = reference.url;
    t.apps.main.consumerSecret = "not-the-secret";
    delete t.world;
    writeFileSync(wrong, JSON.stringify(t));
    const err2 = sink();
    expect(await runCommand({ ...args, target: wrong }, sink(), err2)).toBe(3);
    expect(err2.text).toMatch(/refused the smoke request's credentials/);
    expect(err2.text).not.toContain("not-the-secret");
  });

  it("exit 3, documented, when the smoke request is redirected; the Location is named", async () => {
    const redirecting = await startFake((_req, res) => {
      res.writeHead(301, { location: "https://sandbox.example/os/0.8/people/@me/@self" });
      res.end();
    });
    const err = sink();
    expect(await runCommand({ ...args, baseUrl: redirecting.url }, sink(), err)).toBe(3);
    await redirecting.close();
    expect(err.text).toMatch(/redirected \(301 to https:\/\/sandbox\.example\/os\/0\.8\//);
    const runners = readFileSync(
      new URL("../../conformance/README-runners.md", import.meta.url),
      "utf8",
    );
    expect(runners).toMatch(/^\| 3 +\|.*redirected \(step 3\)/m);
  });

  it("exit 4 when nothing is selected", async () => {
    expect(await quiet(["run", "--grep", "^no-such-case$"])).toBe(4);
    expect(await quiet(["run", "--level", "core", "--grep", "^clients/"])).toBe(4);
  });

  it("skips by name the cases needing a role the target lacks", async () => {
    const t = JSON.parse(
      readFileSync(new URL("../../fixtures/target.json", import.meta.url), "utf8"),
    );
    t.baseUrl = reference.url;
    delete t.users.stranger;
    delete t.world;
    const file = join(dir, "no-stranger.json");
    writeFileSync(file, JSON.stringify(t));
    const out = sink();
    expect(await runCommand({ ...args, target: file, grep: "^people/" }, out, sink())).toBe(0);
    expect(out.text).toMatch(
      /the target names no stranger: skipped \d+ case\(s\): .*people\/self-stranger-403/,
    );
    expect(out.text).toMatch(/skipped people\/self-fields-world: needs a world file/);
  });
});

describe("opensocial-kit coverage", () => {
  it("lists every clause with its cases and finds no testable one uncovered", async () => {
    const out = sink();
    expect(coverageCommand({ json: false }, out, sink())).toBe(0);
    expect(out.text).toMatch(
      /(\d+) of \1 testable clauses covered \(100 %\) by \d+ cases; \d+ untestable/,
    );
    expect(out.text).toMatch(
      /✓ P-DATA-3\.1 \(profile\) \d+ case\(s\): .*appdata-write\/100-pairs-form/,
    );
    expect(out.text).toMatch(/– P-FMT-5\.1 \(profile\) untestable: an opt-in mode/);
    const json = sink();
    coverageCommand({ json: true }, json, sink());
    expect(JSON.parse(json.text).uncovered).toEqual([]);
    expect(await quiet(["coverage"])).toBe(0);
  });
});
