/**
 * Pins what users read about failures: a real run against a broken target (bad gzip, a hang, a
 * declared 100 MB body (set aside unjudged: over the answer cap), an HTTP/1.0 answer cut in its
 * headers, a refused replay, a case error, a failing repetition, a missing capture, failed
 * checks, an expected failure, an unexpected pass) rendered by the console, JUnit, TAP and HTML reporters, and the
 * JSON report without its structured members. Written before failures became coded records, so
 * it proves the records changed no word of the output. Run times, ports and nonces are
 * normalised; everything else is compared to the letter.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../../src/cli/commands/run.js";
import {
  type CaseSpec,
  loadStatements,
  REPORTERS,
  type RunReport,
  runSuite,
  statementTexts,
} from "../../../src/conformance/index.js";
import { suiteDir } from "../../../src/conformance/suite/suite-location.js";
import { bundledTarget, type Running, sink, startFake } from "../helpers.js";

const OK = '{"entry":{"id":"example.org:alice"},"startIndex":0,"totalResults":1}';

let bad: Running;
let refusing: Running;
let dir: string;

const step = (path: string, extra: Record<string, unknown> = {}) => ({
  request: { method: "GET", path, ...((extra.request as object) ?? {}) },
  expect: { status: 200, json: [{ pointer: "/entry/id", equals: "example.org:alice" }] },
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== "request")),
});

const CASES: Record<string, Omit<CaseSpec, "id" | "statements" | "level">> = {
  "bad-gzip": { description: "gzip that is not", steps: [step("/bad-gzip")] },
  hang: { description: "never answers", steps: [step("/hang")] },
  "huge-declared": { description: "100 MB declared", steps: [step("/huge-declared")] },
  "http10-cut": {
    description: "headers cut",
    steps: [step("/cut", { request: { http: "1.0" } })],
  },
  replay: {
    description: "replay refused",
    steps: [step("/status-500", { request: { auth: { mode: "replayed-nonce" } } })],
  },
  "case-error": { description: "a capture never taken", steps: [step("/ok/{$nothing.here}")] },
  repeat: {
    description: "the second repetition fails",
    steps: [step("/count", { name: "fill", repeat: 3, request: { query: { n: "{$repeat}" } } })],
  },
  capture: {
    description: "nothing to capture",
    steps: [step("/ok", { name: "look", capture: { x: "/nope" } })],
  },
  checks: {
    description: "wrong status and body",
    steps: [step("/ok"), step("/status-500", { name: "read" })],
  },
  "listed-pass": { description: "passes though listed", steps: [step("/ok")] },
  "clean-up": {
    description: "its clean-up fails too",
    steps: [
      step("/status-500", { name: "write" }),
      step("/status-500", { name: "restore", always: true }),
    ],
  },
};

beforeAll(async () => {
  bad = await startFake((req, res, socket) => {
    const url = new URL(req.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/hang":
        return;
      case "/bad-gzip":
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        res.end("not gzip at all");
        return;
      case "/huge-declared":
        res.writeHead(200, {
          "content-type": "application/json",
          "content-length": String(100 * 1024 * 1024),
        });
        res.write("{");
        return;
      case "/cut":
        socket.end("HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n");
        return;
      case "/status-500":
        res.writeHead(500, { "content-type": "application/json" });
        res.end('{"error":{"code":500,"message":"boom"}}');
        return;
      case "/count":
        res.writeHead(url.searchParams.get("n") === "1" ? 500 : 200, {
          "content-type": "application/json",
        });
        res.end(OK);
        return;
      default:
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end(OK);
    }
  });
  refusing = await startFake((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end('{"error":{"code":401,"message":"no"}}');
  });
  dir = mkdtempSync(join(tmpdir(), "osk-pin-"));
  cpSync(join(suiteDir(), "statements.json"), join(dir, "statements.json"));
  cpSync(join(suiteDir(), "case.schema.json"), join(dir, "case.schema.json"));
  mkdirSync(join(dir, "cases", "pin"), { recursive: true });
  for (const [name, c] of Object.entries(CASES))
    writeFileSync(
      join(dir, "cases", "pin", `${name}.json`),
      JSON.stringify({
        id: `pin/${name}`,
        statements: ["S-4.6-SELF"],
        level: "core",
        decidedBy: ["Success: 200. JSON body:"],
        ...c,
      }),
    );
});
afterAll(async () => {
  await bad.close();
  await refusing.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Run times, the port and the per-request nonce, timestamp and unique token made constant. */
function normalised(report: RunReport): RunReport {
  return {
    ...report,
    startedAt: "2026-01-01T00:00:00.000Z",
    ms: 0,
    cases: report.cases
      .map((c) => ({
        ...c,
        ms: 0,
        ...(c.startMs !== undefined ? { startMs: 0 } : {}),
        steps: c.steps.map((s) => ({ ...s, ms: 0 })),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

function stable(text: string): string {
  return (
    text
      .replaceAll(bad.url.slice("http://127.0.0.1:".length), "PORT")
      .replace(/oauth_nonce(=|%3D|=\\?"|=&quot;)[A-Za-z0-9%_-]+/g, "oauth_nonce$1NONCE")
      .replace(/oauth_timestamp(=|%3D|=\\?"|=&quot;)[0-9]+/g, "oauth_timestamp$1TIME")
      // the nonce a fresh signature keeps (a replayed nonce): in the curl line and the JSON report
      .replace(/\bn=(&#39;|')[0-9a-f]{24}(&#39;|')/g, "n=$1NONCE$2")
      .replace(/("nonce": ")[0-9a-f]{24}"/g, '$1NONCE"')
      .replace(/\bt[0-9a-f]{8}\b/g, "tUNIQUE")
      .replace(
        /([Dd]ate(?:\\?"|&quot;)?: ?(?:\\?"|&quot;)?)[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} [\d:]{8} GMT/g,
        "$1DATE",
      )
  );
}

/** Without the members a structured failure adds to the JSON report; keys in one order. */
function withoutStructure(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStructure);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "failure" && k !== "repetition")
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, withoutStructure(v)]),
    );
  return value;
}

describe("failure text, pinned", () => {
  it("console, JUnit, TAP, HTML and JSON render a broken target's failures as before", async () => {
    const target = bundledTarget(bad.url, false);
    const report = await runSuite({
      target,
      suiteDir: dir,
      level: "core",
      timeoutMs: 2000,
      concurrency: 10,
      expectations: [
        { id: "pin/hang", reason: "hangs" },
        { id: "pin/listed-pass", reason: "listed" },
      ],
      version: "0.0.0-pin",
    });
    if (!("cases" in report)) throw new Error(JSON.stringify(report));
    const st = loadStatements();
    const ctx = {
      statements: st.ok ? statementTexts(st.value) : new Map<string, string>(),
      secrets: [target.apps.main.consumerSecret, target.apps.other?.consumerSecret ?? ""],
    };
    const r = normalised(report);
    await expect(stable(REPORTERS.console(r, ctx))).toMatchFileSnapshot("__pinned__/console.txt");
    await expect(stable(REPORTERS.junit(r, ctx))).toMatchFileSnapshot("__pinned__/junit.xml.txt");
    await expect(stable(REPORTERS.tap(r, ctx))).toMatchFileSnapshot("__pinned__/tap.txt");
    await expect(stable(REPORTERS.html(r, ctx))).toMatchFileSnapshot("__pinned__/report.html.txt");
    const raw = JSON.parse(REPORTERS.json(r, ctx));
    const validate = new Ajv2020({ strict: false }).compile(
      JSON.parse(readFileSync(join(suiteDir(), "report.schema.json"), "utf8")),
    );
    expect(validate(raw), JSON.stringify(validate.errors)).toBe(true);
    const json = JSON.stringify(withoutStructure(raw), null, 2);
    await expect(stable(json)).toMatchFileSnapshot("__pinned__/report.json.txt");
  });

  it("the CLI's words for a refused smoke request", async () => {
    const err = sink();
    const code = await runCommand(
      { baseUrl: refusing.url, level: "core", timeout: 1000, concurrency: 1, bail: false },
      sink(),
      err,
    );
    expect(code).toBe(3);
    expect(err.text.replaceAll(refusing.url, "URL")).toBe(
      "opensocial-kit run: the target refused the smoke request's credentials (GET /os/0.8/people/{viewer}/@self answered 401); check apps.main and users.viewer\n",
    );
  });
});
