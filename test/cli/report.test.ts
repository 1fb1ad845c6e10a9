/**
 * The report a team fixes its server from, through `opensocial-kit run`: against a target with
 * a few defects, every reporter (console, JSON, JUnit, TAP, HTML) says which deployed client
 * styles the server would break, each failure's replay line names the target that was judged,
 * a failure shows the response and where a missing member's nearest parent is, the error-code
 * check does not contradict the status check, a missing paging member is filed under the paging
 * clause, a JUnit testsuite's time fits in the run's, an empty selection says why, and a target
 * that stops answering stops the run (exit 3) instead of costing a timeout per case.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type IncomingMessage, request, type ServerResponse } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli/commands/run.js";
import type { RunReport } from "../../src/conformance/index.js";
import { SILENT_CASES_BEFORE_STOP } from "../../src/conformance/run/silence.js";
import { bundledTarget, type Running, sink, startFake } from "../conformance/helpers.js";
import { type Passing, startProxy } from "../conformance/proxy.js";
import { reportSchemaErrors } from "../conformance/reporters/report-schema.js";
import { type Running as Server, start, tempDir } from "../server/harness.js";
import { type EveryReport, runEveryReporter } from "./every-reporter.js";

const t = tempDir();
let reference: Server;
let broken: Running;
/** A target file whose path needs quoting in a shell. */
let targetFile = "";

/**
 * The defects: OAuth in the query refused (a client style broken), albums without
 * `mediaItemCount` (a missing member in a 200), a 403 answered with status 401 and the body's
 * code 403, friends lists without `totalResults`.
 */
function defects(p: Passing): void {
  const json = () => JSON.parse(p.body.toString("utf8")) as Record<string, unknown>;
  if (p.url.includes("oauth_signature=")) {
    p.status = 400;
    p.body = Buffer.from('{"error":{"code":400,"message":"no OAuth in the query here"}}');
  } else if (p.status === 403) p.status = 401;
  else if (p.status === 200 && /^\/os\/0\.8\/albums\//.test(p.url) && !p.url.includes("atom"))
    p.body = Buffer.from(p.body.toString("utf8").replace(/"mediaItemCount":\d+,?/g, ""));
  else if (p.status === 200 && /\/people\/@me\/@friends\?/.test(p.url) && !p.url.includes("atom")) {
    const doc = json();
    delete doc.totalResults;
    p.body = Buffer.from(JSON.stringify(doc));
  }
}

const GREP =
  "^(clients/query-oauth|clients/query-oauth-wrong-secret|clients/raw-secret-key|clients/raw-secret-key-wrong-secret|albums/list|people/self-stranger-403|errors/lenient-reader)$";

interface Outputs extends Omit<EveryReport, "json"> {
  json: {
    exitCode: number;
    cases: {
      id: string;
      outcome: string;
      failedStatement?: string;
      replay?: string;
      steps: { response?: { headers: Record<string, string>; body: string } }[];
    }[];
    clients: { id: string; verdict: string; failing?: { id: string } }[];
  };
}
let run: Outputs;

/** The console's block about failed case `id`. */
function block(id: string): string {
  const from = run.console.indexOf(`✗ ${id}:`);
  expect(from).toBeGreaterThanOrEqual(0);
  const to = run.console.indexOf("\n\n", from);
  return run.console.slice(from, to < 0 ? undefined : to);
}

beforeAll(async () => {
  reference = await start();
  broken = await startProxy(reference.url, defects);
  mkdirSync(join(t.dir, "my ci"));
  targetFile = join(t.dir, "my ci", "target.json");
  writeFileSync(targetFile, JSON.stringify(bundledTarget(broken.url)));
  const every = await runEveryReporter(t.dir, targetFile, { grep: GREP, concurrency: 4 });
  run = { ...every, json: JSON.parse(every.json) };
}, 60_000);

afterAll(async () => {
  await broken.close();
  await reference.close();
  t.remove();
});

describe("a run against a target with defects", () => {
  it("fails (exit 1) on the defects and only them", () => {
    expect(run.code).toBe(1);
    const failed = run.json.cases.filter((c) => c.outcome === "fail").map((c) => c.id);
    expect(failed.sort()).toEqual([
      "albums/list",
      "clients/query-oauth",
      "errors/lenient-reader",
      "people/self-stranger-403",
    ]);
  });

  it("every reporter says which deployed client styles the server would break, with the first failing case", () => {
    const query = run.json.clients.find((c) => c.id === "query-signer");
    expect(query).toMatchObject({ verdict: "broken", failing: { id: "clients/query-oauth" } });
    expect(run.json.clients.find((c) => c.id === "raw-key-signer")?.verdict).toBe("served");
    expect(run.json.clients.find((c) => c.id === "osapi-php")?.verdict).toBe("not-judged");
    const line =
      "clients that cannot set headers (OAuth in the query): would break: first failing case clients/query-oauth (P-AUTH-2.1)";
    expect(run.console).toContain(line);
    expect(run.console).toContain("signers that key HMAC with the raw secret: served");
    expect(run.tap).toContain(`# ${line}`);
    expect(run.junit).toMatch(
      /<testsuite name="deployed-clients"[^>]*failures="1"[^>]*>[\s\S]*name="query-signer: clients that cannot set headers \(OAuth in the query\)">\s*<failure message="would break: first failing case clients\/query-oauth \(P-AUTH-2\.1\)"/,
    );
    expect(run.html).toMatch(
      /<table id="clients">.*<tr class="bad"><td>clients that cannot set headers \(OAuth in the query\)<\/td><td class="broken">would break<\/td><td class="n">2 of 2<\/td><td><a href="#case-clients_query-oauth">clients\/query-oauth<\/a>/s,
    );
  });

  it("every replay line names the target that was judged, and the case", () => {
    const replay = `npx opensocial-kit run --target '${targetFile}' --grep '^clients/query-oauth$'`;
    expect(run.json.cases.find((c) => c.id === "clients/query-oauth")?.replay).toBe(replay);
    expect(run.console).toContain(`to replay signed: ${replay})`);
    expect(run.junit).toContain(`replay signed: ${replay.replaceAll("'", "'")}`);
    expect(run.tap).toContain(`replay: ${JSON.stringify(replay)}`);
    expect(run.html).toContain(`<pre class="replay">${replay.replaceAll("'", "'")}</pre>`);
    expect(run.html).not.toContain("^…$");
  });

  it("a 200 with a wrong body shows the response, the failing pointer's nearest parent marked", () => {
    const albums = block("albums/list");
    expect(albums).toContain("the nearest existing parent is /entry/0");
    expect(albums).toMatch(/\n {2}response: HTTP 200\n {4}content-type: application\/json/);
    expect(albums).toMatch(/\n {2}> {5}\{\n {10}"id": "example\.org:album-1",/);
    expect(albums).toMatch(/found \{"id":"example\.org:album-1"/);
    expect(albums).not.toMatch(/expected \(absent\), actual \(absent\)/);
    const step = run.json.cases.find((c) => c.id === "albums/list")?.steps[0];
    expect(step?.response?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(step?.response?.body).toContain('"title":"Alice album 1"');
    expect(run.junit).toMatch(/response:\n {2}HTTP 200\n/);
  });

  it("the error-code check does not show the answer's status as what was expected", () => {
    const stranger = block("people/self-stranger-403");
    expect(stranger).toContain("- status 401, expected 403");
    expect(stranger).toContain("    expected 403, actual 401");
    expect(stranger).toContain("- /error/code 403; the answer's own status is 401");
    expect(stranger).not.toContain("expected 401, actual 403");
  });

  it("a missing totalResults is filed under the paging clause, not the person fields' one", () => {
    // §1's presence clause, over the check's S-2.4-PAGING-FIELDS.1 (the members' type): the
    // member is not there at all (checks/paging-clause.ts)
    const c = run.json.cases.find((x) => x.id === "errors/lenient-reader");
    expect(c?.failedStatement).toBe("S-1-LIST-PAGING.1");
  });

  it("JUnit: a testsuite's time is the span of its cases, never more than the run's", () => {
    const whole = Number(/<testsuites [^>]*time="([\d.]+)"/.exec(run.junit)?.[1]);
    const suites = [...run.junit.matchAll(/<testsuite name="[^"]+"[^>]* time="([\d.]+)"/g)];
    expect(suites.length).toBeGreaterThan(2);
    for (const [, time] of suites) expect(Number(time)).toBeLessThanOrEqual(whole);
  });
});

describe("a target file copied without its world", () => {
  it("says which file is missing and what to do (exit 2)", async () => {
    mkdirSync(join(t.dir, "ci"), { recursive: true });
    const copied = join(t.dir, "ci", "target.json");
    writeFileSync(copied, readFileSync("fixtures/target.json"));
    const err = sink();
    const code = await runCommand(
      { target: copied, level: "profile", timeout: 5000, concurrency: 1, bail: false },
      sink(),
      err,
    );
    expect(code).toBe(2);
    expect(err.text).toBe(
      `opensocial-kit run: ${join(t.dir, "ci", "world.json")}: no such file: the target's \`world\` names it, relative to the target file. Copy the world your service holds there (fixtures/world.json is the reference's), or remove \`world\` from the target to skip the cases that need it\n`,
    );
  });
});

describe("a target's world whose links break", () => {
  /**
   * A target file beside a world of other ids than §2.1's form, with `friends` as given: its
   * users are the world's (world-roles.ts), the viewer with both apps and an album with a photo.
   */
  function targetWith(name: string, friends: [string, string][]): string {
    const world = {
      apps: [
        { id: "quiz", consumerKey: "quiz-key" },
        { id: "notes", consumerKey: "notes-key" },
      ],
      people: [
        { id: "john.doe", apps: ["quiz", "notes"] },
        { id: "jane.roe", apps: ["quiz"] },
        { id: "max.moe" },
        { id: "sam.poe" },
      ],
      friends,
      albums: [{ id: "a1", ownerId: "john.doe" }],
      photos: [{ id: "p1", albumId: "a1" }],
    };
    const dir = join(t.dir, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "world.json"), JSON.stringify(world));
    const users = {
      viewer: "john.doe",
      friend: "jane.roe",
      friendWithoutApp: "max.moe",
      stranger: "sam.poe",
    };
    const target = { ...bundledTarget(reference.url), users, world: "world.json" };
    writeFileSync(join(dir, "target.json"), JSON.stringify(target));
    return join(dir, "target.json");
  }
  const runIt = async (target: string) => {
    const err = sink();
    const code = await runCommand(
      {
        target,
        level: "profile",
        grep: "^people/self-me$",
        timeout: 5000,
        concurrency: 1,
        bail: false,
      },
      sink(),
      err,
    );
    return { code, err: err.text };
  };

  it("a friend the file does not hold is a target-file error naming the member (exit 2), as serve refuses it", async () => {
    const r = await runIt(targetWith("broken-world", [["john.doe", "nobody"]]));
    expect(r.code).toBe(2);
    expect(r.err).toContain("/friends/0/1");
    expect(r.err).toContain('unknown person "nobody"');
  });

  it("ids other than §2.1's form are no fault of the world (the run goes on)", async () => {
    const r = await runIt(
      targetWith("other-ids", [
        ["john.doe", "jane.roe"],
        ["max.moe", "john.doe"],
      ]),
    );
    // it goes on to the smoke request, which the reference (holding its own world) refuses
    expect(r.code).toBe(3);
  });
});

describe("a target whose apps.other the server refuses", () => {
  /** Runs one case signing with apps.other; the target's other secret as given. */
  async function runWith(name: string, otherSecret: (right: string) => string) {
    const bundled = bundledTarget(reference.url);
    const other = bundled.apps.other;
    if (!other) throw new Error("the bundled target names apps.other");
    const target = join(t.dir, `${name}.json`);
    const apps = {
      ...bundled.apps,
      other: { ...other, consumerSecret: otherSecret(other.consumerSecret) },
    };
    writeFileSync(target, JSON.stringify({ ...bundled, apps }));
    const json = join(t.dir, `${name}.report.json`);
    const out = sink();
    const code = await runCommand(
      {
        target,
        level: "profile",
        grep: "^appdata-read/app-isolation$",
        reporter: ["console", `json:${json}`],
        timeout: 5000,
        concurrency: 1,
        bail: false,
      },
      out,
      sink(),
    );
    return { code, console: out.text, report: JSON.parse(readFileSync(json, "utf8")) as RunReport };
  }

  it("runs and judges its cases as ever, and every report warns that the target file may be why", async () => {
    const r = await runWith("wrong-other", (s) => `${s}-wrong`);
    expect(r.code).toBe(1);
    expect(r.report.summary.fail).toBe(1);
    const warning = r.report.warnings?.find((w) => w.code === "other-app-refused");
    // the reference refuses a bad signature with 400 (P-AUTH-3); the bundled other secret holds
    // characters the signing key percent-encodes
    expect(warning).toMatchObject({ code: "other-app-refused", status: 400, keyEncoded: true });
    expect(reportSchemaErrors(r.report)).toBeUndefined();
    expect(r.console).toContain("apps.other (consumer key");
    expect(r.console).toContain("check apps.other");
    expect(JSON.stringify(r.report)).not.toContain("-wrong");
  });

  it("no warning when its secret is right", async () => {
    const r = await runWith("right-other", (s) => s);
    expect(r.code).toBe(0);
    expect(r.report.warnings).toBeUndefined();
  });
});

describe("a report file that cannot be written at the end (a full disk)", () => {
  it("says which, writes the others, and the run is not green (exit 1)", async () => {
    const target = join(t.dir, "reference-target.json");
    writeFileSync(target, JSON.stringify(bundledTarget(reference.url)));
    const junit = join(t.dir, "full-disk.junit.xml");
    const err = sink();
    const code = await runCommand(
      {
        target,
        level: "profile",
        grep: "^people/self-me$",
        reporter: ["json:/dev/full", `junit:${junit}`],
        timeout: 5000,
        concurrency: 1,
        bail: false,
      },
      sink(),
      err,
    );
    expect(err.text).toMatch(
      /report file \/dev\/full could not be written \(ENOSPC: no space left on the device\)/,
    );
    expect(err.text).toMatch(/every case passed, but 1 report file\(s\) are missing/);
    expect(code).toBe(1);
    expect(readFileSync(junit, "utf8")).toMatch(/<testsuites[^>]* tests="1"/);
  });
});

describe("a selection that runs nothing", () => {
  it("says why in words (exit 4)", async () => {
    const err = sink();
    const code = await runCommand(
      {
        target: targetFile,
        level: "profile",
        grep: "^no-such-case$",
        timeout: 5000,
        concurrency: 1,
        bail: false,
      },
      sink(),
      err,
    );
    expect(code).toBe(4);
    expect(err.text).toBe(
      "opensocial-kit run: no case selected to run: no case matches the level, --grep and --feature given\n",
    );
  });
});

describe("a target that stops answering after the smoke request", () => {
  let hanging: Running;
  let slowThenFine: Running;
  beforeAll(async () => {
    let requests = 0;
    // Answers the smoke request (the first) as the reference would, then never again.
    hanging = await startFake((req, res) => {
      if (++requests === 1) forward(req, res);
    });
    let slow = 0;
    // Hangs a few case requests in a row (fewer than the threshold), then answers everything.
    slowThenFine = await startFake((req, res) => {
      const smoke = slow === 0 && req.url?.startsWith("/os/0.8/people/example.org:alice/@self?");
      if (!smoke && slow < SILENT_CASES_BEFORE_STOP - 2) {
        slow++;
        return;
      }
      if (smoke) slow = 0.5; // the smoke request passes; the next requests hang
      forward(req, res);
    });
  });
  afterAll(async () => {
    await hanging.close();
    await slowThenFine.close();
  });

  it("stops with 'the target stopped answering' (exit 3), the cases not run listed as such, in bounded time", async () => {
    const t0 = performance.now();
    const { code, out, json } = await runToReport(hanging.url, "stopped.json", 400);
    const ms = performance.now() - t0;
    expect(code).toBe(3);
    expect(out.text).toMatch(
      /! the target stopped answering: \d+ cases in a row got no answer, nor did a fresh smoke request; \d+ case\(s\) not run\n(! not judged \(started; where they failed, the connection was refused\): .*\n)?! not run: [a-z0-9/-]+, /,
    );
    const report = JSON.parse(readFileSync(json, "utf8")) as {
      exitCode: number;
      stopped: { code: string; silentCases: number };
      cases: { outcome: string; skip?: { code: string }; skipReason?: string }[];
    };
    expect(report.exitCode).toBe(3);
    expect(report.stopped.code).toBe("target-stopped-answering");
    expect(report.stopped.silentCases).toBeGreaterThanOrEqual(SILENT_CASES_BEFORE_STOP);
    const notRun = report.cases.filter((c) => c.skip?.code === "not-run");
    expect(notRun.length).toBeGreaterThan(300);
    expect(notRun[0]?.skipReason).toBe("not run: the target stopped answering");
    // a few rounds of 400 ms timeouts, not one per case (377 × 400 ms / 4 = 38 s)
    expect(ms).toBeLessThan(20_000);
  }, 60_000);

  it("a target that dies mid-run: the cases that met its refused connections are not judged, none failed under a rule (the ones in flight, closed under, stay failures)", async () => {
    let requests = 0;
    let dying: Running | undefined;
    // Answers as the reference for its first 40 requests, then stops listening.
    dying = await startFake((req, res) => {
      if (++requests === 40) void dying?.close();
      forward(req, res);
    });
    const { code, out, json } = await runToReport(dying.url, "died.json", 2000);
    expect(code).toBe(3);
    const report = JSON.parse(readFileSync(json, "utf8")) as {
      stopped: { code: string };
      cases: {
        id: string;
        outcome: string;
        skip?: { code: string };
        steps: { failure?: { code: string } }[];
      }[];
    };
    expect(report.stopped.code).toBe("target-stopped-answering");
    const unanswered = report.cases.filter((c) => c.skip?.code === "unanswered");
    expect(unanswered.length).toBeGreaterThanOrEqual(SILENT_CASES_BEFORE_STOP);
    // their steps are kept: each met a refused connection
    for (const c of unanswered)
      expect(c.steps.map((s) => s.failure?.code).filter(Boolean)[0]).toBe("transport-connection");
    const failedForNoAnswer = report.cases.filter(
      (c) =>
        c.outcome === "fail" &&
        c.steps.find((s) => s.failure !== undefined)?.failure?.code === "transport-connection",
    );
    expect(failedForNoAnswer.map((c) => c.id)).toEqual([]);
    expect(out.text).toMatch(
      /! not judged \(started; where they failed, the connection was refused\): [a-z]/,
    );
  }, 60_000);

  it("a few slow cases in a row do not stop the run", async () => {
    const out = sink();
    const code = await runCommand(
      {
        baseUrl: slowThenFine.url,
        level: "profile",
        grep: "^people/",
        timeout: 400,
        concurrency: 2,
        bail: false,
      },
      out,
      sink(),
    );
    expect(code).toBe(1);
    expect(out.text).not.toContain("stopped answering");
    expect(out.text).toMatch(/\d+ cases: \d+ passed, [1-9] failed/);
  }, 60_000);
});

/** The whole suite at profile level, 4 at once, against `baseUrl`: the console and a JSON report. */
async function runToReport(baseUrl: string, file: string, timeout: number) {
  const out = sink();
  const json = join(t.dir, "reports", file);
  const code = await runCommand(
    {
      baseUrl,
      level: "profile",
      reporter: ["console", `json:${json}`],
      timeout,
      concurrency: 4,
      bail: false,
    },
    out,
    sink(),
  );
  return { code, out, json };
}

/** Sends a request as received (Host kept: the signature names it) to the reference. */
function forward(req: IncomingMessage, res: ServerResponse): void {
  const up = new URL(reference.url);
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const fwd = request(
      { host: up.hostname, port: up.port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    fwd.on("error", () => res.destroy());
    fwd.end(Buffer.concat(chunks));
  });
}
