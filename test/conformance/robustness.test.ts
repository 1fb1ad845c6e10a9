/**
 * Robustness: against deliberately bad targets (hang, close mid-response, endless or
 * 100 MB body, malformed JSON or XML, wrong content type) a case fails clearly, in bounded
 * time and memory, and the run goes on.
 */
import { getEventListeners } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CaseSpec,
  caseMessage,
  createHttpClient,
  runSuite,
} from "../../src/conformance/index.js";
import { type CaseEnv, runCase } from "../../src/conformance/run/run-case.js";
import { suiteDir } from "../../src/conformance/suite/suite-location.js";
import { bundledTarget, type Running, startFake } from "./helpers.js";

const chunk = Buffer.alloc(64 * 1024, 120);

let bad: Running;
beforeAll(async () => {
  bad = await startFake((req, res, socket) => {
    const path = (req.url ?? "").split("?")[0];
    switch (path) {
      case "/hang":
        return; // never answers
      case "/close-mid":
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        res.write('{"entry": [');
        setTimeout(() => socket.destroy(), 20);
        return;
      case "/endless": {
        res.writeHead(200, { "content-type": "application/json" });
        const pump = () => {
          while (res.write(chunk)) {
            /* fill the buffer */
          }
        };
        res.on("drain", pump);
        pump();
        return;
      }
      case "/huge-declared":
        res.writeHead(200, {
          "content-type": "application/json",
          "content-length": String(100 * 1024 * 1024),
        });
        res.write(chunk);
        return;
      case "/drip": {
        res.writeHead(200, { "content-type": "application/json" });
        const t = setInterval(() => res.write(" "), 50);
        res.on("close", () => clearInterval(t));
        return;
      }
      case "/malformed-json":
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end('{"entry": [1, 2,');
        return;
      case "/malformed-xml":
        res.writeHead(200, { "content-type": "application/atom+xml; charset=utf-8" });
        res.end('<feed xmlns="http://www.w3.org/2005/Atom"><entry></feed>');
        return;
      case "/wrong-type":
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>hello</html>");
        return;
      case "/http10-keepalive":
        // answers an HTTP/1.0 request but keeps the connection open: Content-Length ends it
        socket.write(
          `HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nContent-Length: 13\r\nConnection: keep-alive\r\n\r\n{"entry":[1]}`,
        );
        return;
      case "/bad-gzip":
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        res.end("not gzip at all");
        return;
      default:
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end('{"entry":{"id":"example.org:alice"},"startIndex":0,"totalResults":1}');
    }
  });
});
afterAll(async () => {
  await bad.close();
});

function env(timeoutMs = 400): CaseEnv {
  const target = bundledTarget(bad.url, false);
  return {
    client: createHttpClient(bad.url, 4),
    origin: bad.url,
    apps: target.apps,
    users: target.users,
    namespace: "example.org",
    limits: { timeoutMs, maxBodyBytes: 4 * 1024 * 1024 },
    now: () => Math.floor(Date.now() / 1000),
  };
}

function caseFor(
  path: string,
  expect: CaseSpec["steps"][number]["expect"] = {
    status: 200,
    json: [{ pointer: "/entry", present: true }],
  },
): CaseSpec {
  return {
    id: `bad/${path.slice(1)}`,
    description: "a bad target",
    statements: ["S-4.6-SELF"],
    level: "core",
    decidedBy: ["Success: 200. JSON body:"],
    steps: [{ request: { method: "GET", path }, expect }],
  };
}

async function runBad(
  path: string,
  expect?: CaseSpec["steps"][number]["expect"],
  timeoutMs?: number,
) {
  const e = env(timeoutMs);
  const t0 = performance.now();
  try {
    const run = await runCase(caseFor(path, expect), e);
    // The words users read (reporters/failure-text.ts) and the record's code.
    const message = caseMessage({
      outcome: run.raw === "fail" ? "fail" : "pass",
      steps: run.steps,
    });
    const r = { ...run, message, code: run.steps[0]?.failure?.code };
    return { r, ms: performance.now() - t0 };
  } finally {
    await e.client.close();
  }
}

describe("bad targets", () => {
  it("a hanging target times out", async () => {
    const { r, ms } = await runBad("/hang");
    expect(r.raw).toBe("fail");
    expect(r.message).toMatch(/timeout/);
    expect(r.code).toBe("transport-timeout");
    expect(ms).toBeLessThan(2000);
  });
  it("a connection closed mid-response fails the case", async () => {
    const { r, ms } = await runBad("/close-mid");
    expect(r.raw).toBe("fail");
    expect(r.message).toMatch(/closed|terminated|other side/i);
    expect(r.code).toBe("transport-closed");
    expect(ms).toBeLessThan(2000);
  });
  it("an endless body is cut at the 4 MiB cap, in bounded memory", async () => {
    const before = process.memoryUsage().heapUsed;
    // A deadline the 4 MiB can be read within on a loaded machine: the cap, not the clock, ends it.
    const { r, ms } = await runBad("/endless", undefined, 2500);
    expect(r.raw).toBe("fail");
    expect(r.message).toMatch(/too-large/);
    expect(r.code).toBe("body-too-large");
    expect(ms).toBeLessThan(3000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });
  it("a declared 100 MB body is refused without reading it", async () => {
    const { r, ms } = await runBad("/huge-declared");
    expect(r.message).toMatch(/too-large: Content-Length 104857600/);
    expect(r.code).toBe("body-too-large");
    expect(ms).toBeLessThan(1000);
  });
  it("a body that trickles forever hits the deadline", async () => {
    const { r, ms } = await runBad("/drip");
    expect(r.message).toMatch(/timeout/);
    expect(r.code).toBe("transport-timeout");
    expect(ms).toBeLessThan(2000);
  });
  it("malformed JSON fails the JSON checks with a parse message", async () => {
    const { r } = await runBad("/malformed-json");
    expect(r.raw).toBe("fail");
    expect(r.message).toMatch(/not JSON/);
  });
  it("malformed XML fails the Atom decoding, located", async () => {
    const { r } = await runBad("/malformed-xml", {
      status: 200,
      atom: { kind: "appdata" },
      json: [{ pointer: "/entry", present: true }],
    });
    expect(r.raw).toBe("fail");
    expect(r.message).toMatch(/Atom appdata/);
  });
  it("a wrong content type fails the content-type check", async () => {
    const { r } = await runBad("/wrong-type", { status: 200, contentType: "json" });
    expect(r.message).toMatch(/Content-Type "text\/html", expected application\/json/);
  });
  it("an HTTP/1.0 response ends at Content-Length even when the server keeps the socket", async () => {
    const c = caseFor("/http10-keepalive");
    const step = c.steps[0];
    if (step) step.request.http = "1.0";
    const e = env(3000);
    const t0 = performance.now();
    const r = await runCase(c, e);
    await e.client.close();
    expect(r.raw).toBe("pass");
    expect(performance.now() - t0).toBeLessThan(1000);
  });
  it("a body that is not the encoding it claims fails clearly", async () => {
    const { r } = await runBad("/bad-gzip");
    expect(r.message).toMatch(/bad-encoding/);
    expect(r.code).toBe("bad-encoding");
  });
});

describe("a run against a bad target goes on", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "osk-suite-"));
    mkdirSync(join(dir, "cases", "bad"), { recursive: true });
    writeFileSync(
      join(dir, "statements.json"),
      JSON.stringify({
        formatVersion: 2,
        statements: [
          {
            id: "S-4.6-SELF",
            section: "§4.6",
            statement: "x",
            level: "core",
            clauses: [{ id: "S-4.6-SELF.1", text: "x" }],
          },
        ],
      }),
    );
    writeFileSync(join(dir, "case.schema.json"), JSON.stringify({ type: "object" }));
    for (const p of ["/hang", "/endless", "/malformed-json", "/ok"]) {
      const c = caseFor(p);
      writeFileSync(join(dir, "cases", `${c.id}.json`), JSON.stringify(c));
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fails the bad cases, sets the endless one aside, passes the good one, in bounded time", async () => {
    const t0 = performance.now();
    const report = await runSuite({
      target: bundledTarget(bad.url, false),
      suiteDir: dir,
      timeoutMs: 400,
      concurrency: 4,
    });
    expect("cases" in report).toBe(true);
    if (!("cases" in report)) return;
    const outcome = Object.fromEntries(report.cases.map((c) => [c.id, c.outcome]));
    expect(outcome).toEqual({
      "bad/hang": "fail",
      // cut at the answer cap: not read, so not judged (run/over-cap.ts), and not green
      "bad/endless": "skip",
      "bad/malformed-json": "fail",
      "bad/ok": "pass",
    });
    expect(report.cases.find((c) => c.id === "bad/endless")?.skip?.code).toBe("answer-over-cap");
    expect(report.exitCode).toBe(1);
    expect(performance.now() - t0).toBeLessThan(4000);
  });

  it("an interrupt while the target holds the smoke request ends the run at once: every case not run, exit 130", async () => {
    const silent = await startFake(() => {}); // accepts, never answers
    try {
      const interrupt = new AbortController();
      const t0 = performance.now();
      setTimeout(() => interrupt.abort("SIGINT"), 100);
      const report = await runSuite({
        target: bundledTarget(silent.url),
        grep: /^people\//,
        timeoutMs: 60_000,
        interrupt: interrupt.signal,
      });
      expect(performance.now() - t0).toBeLessThan(3000);
      expect("cases" in report).toBe(true);
      if (!("cases" in report)) return;
      expect(report.stopped).toEqual({ code: "interrupted", signal: "SIGINT" });
      expect(report.exitCode).toBe(130);
      expect(report.cases.length).toBeGreaterThan(0);
      for (const c of report.cases) expect(c.outcome).toBe("skip");
      expect(report.cases.filter((c) => c.skip?.code === "not-run").length).toBeGreaterThan(0);
    } finally {
      await silent.close();
    }
  });

  it("a run leaves no listener on the interrupt signal it was given (one signal, many runs)", async () => {
    const interrupt = new AbortController();
    for (let i = 0; i < 2; i++)
      await runSuite({
        target: bundledTarget(bad.url, false),
        suiteDir: dir,
        grep: /^bad\/ok$/,
        interrupt: interrupt.signal,
      });
    expect(getEventListeners(interrupt.signal, "abort")).toHaveLength(0);
  });

  it("uses the bundled suite location by default", () => {
    expect(suiteDir()).toBe(join(import.meta.dirname, "../../conformance"));
  });
});
