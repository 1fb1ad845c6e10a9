/**
 * An exclusive case whose save step fails leaves the user's data alone: its `always` clean-up
 * that empties the whole record runs only once the save was answered (there is nothing to
 * restore from otherwise). The bundled record cases, against a server whose answer to the save
 * is a 503 and to everything else a plain 200.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases, loadStatements } from "../../../src/conformance/index.js";
import { runCase } from "../../../src/conformance/run/run-case.js";
import { caseEnv, type Running, startFake } from "../helpers.js";

let fake: Running;
const seen: string[] = [];
beforeAll(async () => {
  fake = await startFake((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push(`${req.method} ${url.searchParams.has("fields") ? "fields" : "whole"}`);
    req.resume();
    req.on("end", () => {
      const save = req.method === "GET" && !url.searchParams.has("fields");
      const body = save ? '{"error":{"code":503,"message":"busy"}}' : '{"entry":{}}';
      res.writeHead(save ? 503 : 200, { "content-type": "application/json" });
      res.end(body);
    });
  });
});
afterAll(() => fake.close());

const statements = loadStatements();
const cases = statements.ok ? loadCases(statements.value) : undefined;

describe("an exclusive case whose save fails", () => {
  it.each([
    "appdata-write/record-4mib",
    "appdata-write/record-10000-keys",
    "appdata-write/record-exactly-4mib",
  ])("%s sends no whole-record DELETE", async (id) => {
    const c = cases?.ok ? cases.value.find((x) => x.id === id) : undefined;
    if (!c) throw new Error(`${id} is a bundled case`);
    seen.length = 0;
    const e = caseEnv(fake.url);
    const r = await runCase(c, e);
    await e.client.close();
    expect(r.raw).toBe("fail");
    expect(seen[0]).toBe("GET whole");
    expect(seen.filter((s) => s === "DELETE whole")).toEqual([]);
  });
});
