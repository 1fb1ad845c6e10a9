/**
 * A list answer without `startIndex` or `totalResults` is named under its paging clause by the
 * pointer checks that meet the gap (S-1-LIST-PAGING.1; application data S-2.5-APPDATA-SHAPE.1),
 * whatever the case's statement; a value that is there but wrong keeps the case's, and so does a
 * single person's answer. (checks/paging-clause.ts absentPagingClause, checks/json-pointer.ts.)
 */
import { describe, expect, it } from "vitest";
import type { ExpectSpec } from "../../../src/conformance/case-types.js";
import { runChecks } from "../../../src/conformance/checks/index.js";
import { absentPagingClause } from "../../../src/conformance/checks/paging-clause.js";

function failedStatements(expect: ExpectSpec, body: unknown): string[] {
  const response = {
    status: 200,
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify(body)),
    ms: 0,
  };
  const template = { users: {}, namespace: "", unique: "", captures: new Map() };
  return runChecks(expect, response, "profile", "P-PAGE-1.1", template)
    .filter((r) => !r.ok)
    .map((r) => r.statement);
}

const totalCheck: ExpectSpec = { json: [{ pointer: "/totalResults", equals: 2 }] };

describe("a pointer check that meets a missing paging member", () => {
  it("names S-1-LIST-PAGING.1 for a list, S-2.5-APPDATA-SHAPE.1 for application data", () => {
    expect(failedStatements(totalCheck, { entry: [{ id: "a" }], startIndex: 0 })).toEqual([
      "S-1-LIST-PAGING.1",
    ]);
    expect(
      failedStatements(
        { json: [{ pointer: "/startIndex", equals: 0 }] },
        { entry: {}, id: [], totalResults: 0 },
      ),
    ).toEqual(["S-2.5-APPDATA-SHAPE.1"]);
  });

  it("names it over a statement the check gives", () => {
    const cited: ExpectSpec = {
      json: [{ pointer: "/totalResults", equals: 2, statement: "P-PAGE-3.1" }],
    };
    expect(failedStatements(cited, { entry: [], startIndex: 0 })).toEqual(["S-1-LIST-PAGING.1"]);
  });

  it("keeps the case's statement for a wrong value, a single person, another member", () => {
    expect(failedStatements(totalCheck, { entry: [], startIndex: 0, totalResults: 1 })).toEqual([
      "P-PAGE-1.1",
    ]);
    expect(failedStatements(totalCheck, { entry: { id: "a" } })).toEqual(["P-PAGE-1.1"]);
    expect(
      failedStatements(
        { json: [{ pointer: "/itemsPerPage", equals: 1 }] },
        { entry: [], startIndex: 0, totalResults: 0 },
      ),
    ).toEqual(["P-PAGE-1.1"]);
  });
});

describe("absentPagingClause", () => {
  it("reads the list's kind from its shape and the form from the reader", () => {
    expect(absentPagingClause({ entry: [] }, "/startIndex", "atom")).toBe("P-FMT-7.1");
    expect(absentPagingClause({ entry: {}, id: [] }, "/totalResults", "atom")).toBe("S-4.3-ATOM.2");
    expect(absentPagingClause({ entry: [] }, "/entry/0/id", "json")).toBeUndefined();
    expect(absentPagingClause([], "/totalResults", "json")).toBeUndefined();
  });
});

describe("a capture that meets a missing paging member", () => {
  it("fails the case under the paging clause (albums/list-me captures totalResults)", async () => {
    const { createServer } = await import("node:http");
    const { isRunAbort, runSuite } = await import("../../../src/conformance/index.js");
    const { bundledTarget } = await import("../helpers.js");
    // every answer a list of one album without totalResults (the smoke request gets 200 too)
    const server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ entry: [{ id: "example.org:album-1" }], startIndex: 0 }));
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    try {
      const a = server.address();
      const port = typeof a === "object" && a ? a.port : 0;
      const r = await runSuite({
        target: bundledTarget(`http://127.0.0.1:${port}`, false),
        grep: /^albums\/list-me$/,
      });
      if (isRunAbort(r)) throw new Error(`run aborted: ${r.abort}`);
      expect(r.cases.map((c) => [c.id, c.outcome, c.failedStatement])).toEqual([
        ["albums/list-me", "fail", "S-1-LIST-PAGING.1"],
      ]);
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });
});
