/**
 * A list answer without `startIndex` or `totalResults` is named under its paging clause by the
 * pointer checks, the schema check and the comparisons that meet the gap (S-1-LIST-PAGING.1;
 * application data S-2.5-APPDATA-SHAPE.1), whatever the case's or the check's statement; a
 * single person's answer by its request (S-4.6-SELF.1, a pid request P-PEOPLE-1.1); a value
 * that is there but wrong keeps the case's. (checks/paging-clause.ts, checks/json-pointer.ts,
 * checks/schema.ts, checks/pointer/same-members.ts.)
 */
import { describe, expect, it } from "vitest";
import type { ExpectSpec } from "../../../src/conformance/case-types.js";
import { runChecks } from "../../../src/conformance/checks/index.js";
import { absentPagingClause } from "../../../src/conformance/checks/paging-clause.js";

function failedStatements(
  expect: ExpectSpec,
  body: unknown,
  url?: string,
  captures = new Map<string, unknown>(),
): string[] {
  const response = {
    status: 200,
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify(body)),
    ms: 0,
  };
  const template = { users: {}, namespace: "", unique: "", captures };
  const cues = url === undefined ? undefined : { url, headers: {} };
  return runChecks(expect, response, "profile", "P-PAGE-1.1", template, undefined, cues)
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

  it("names a single person's gap by its request: @self S-4.6-SELF.1, a pid P-PEOPLE-1.1", () => {
    const person = { entry: { id: "a" }, startIndex: 0 };
    const base = "http://127.0.0.1:1/os/0.8/people/";
    expect(failedStatements(totalCheck, person, `${base}@me/@self?fields=a`)).toEqual([
      "S-4.6-SELF.1",
    ]);
    expect(failedStatements(totalCheck, person, `${base}a/@friends/b/`)).toEqual(["P-PEOPLE-1.1"]);
    expect(failedStatements(totalCheck, person, `${base}a/@all/b?x=1`)).toEqual(["P-PEOPLE-1.1"]);
    // no request known, or one that is not for one person: the case's
    expect(failedStatements(totalCheck, person)).toEqual(["P-PAGE-1.1"]);
    expect(failedStatements(totalCheck, person, `${base}a/@friends`)).toEqual(["P-PAGE-1.1"]);
    // the path decides, not a query that looks like one
    expect(
      failedStatements(totalCheck, person, `${base}a/@friends?x=/os/0.8/people/a/@self`),
    ).toEqual(["P-PAGE-1.1"]);
  });

  it("the schema check names it over a check that names the member", () => {
    const expectSpec: ExpectSpec = {
      schema: { kind: "people" },
      json: [{ pointer: "/entry", count: 1, statement: "S-2.4-PAGING-FIELDS.2" }],
    };
    const withCheck: ExpectSpec = {
      schema: { kind: "people" },
      json: [{ pointer: "/totalResults", atLeast: 0, statement: "S-2.4-PAGING-FIELDS.2" }],
    };
    const list = { entry: [{ id: "a:b", nickname: "n", displayName: "N" }], startIndex: 0 };
    expect(failedStatements(expectSpec, list)).toContain("S-1-LIST-PAGING.1");
    expect(failedStatements(withCheck, list)).toContain("S-1-LIST-PAGING.1");
    expect(failedStatements(withCheck, list)).not.toContain("S-2.4-PAGING-FIELDS.2");
    const person = {
      entry: { id: "a:b", nickname: "n", displayName: "N", isViewer: true },
      startIndex: 0,
    };
    expect(
      failedStatements({ schema: { kind: "person" } }, person, "/os/0.8/people/a:b/@self"),
    ).toContain("S-4.6-SELF.1");
  });

  it("a comparison of two forms names the side without it, not their agreement", () => {
    const same: ExpectSpec = {
      json: [{ pointer: "", sameMembers: "{$json}", statement: "P-FMT-7.2" }],
    };
    const whole = { entry: [{ id: "a:b" }], startIndex: 0, totalResults: 1 };
    const gap = { entry: [{ id: "a:b" }], startIndex: 0 };
    const captured = (v: unknown) => new Map([["json", v]]);
    // the captured (JSON) form lacks it, the answer has it; and the other way round
    expect(failedStatements(same, whole, undefined, captured(gap))).toEqual(["S-1-LIST-PAGING.1"]);
    expect(failedStatements(same, gap, undefined, captured(whole))).toEqual(["S-1-LIST-PAGING.1"]);
    // a person's, by the request
    const person = { entry: { id: "a:b" }, startIndex: 0, totalResults: 1 };
    const personGap = { entry: { id: "a:b" }, startIndex: 0 };
    expect(failedStatements(same, person, "/os/0.8/people/@me/@self", captured(personGap))).toEqual(
      ["S-4.6-SELF.1"],
    );
    // any other difference is the comparison's
    expect(
      failedStatements(same, { ...whole, totalResults: 2 }, undefined, captured(whole)),
    ).toEqual(["P-FMT-7.2"]);
  });

  it("keeps the case's statement for a wrong value, another member", () => {
    expect(failedStatements(totalCheck, { entry: [], startIndex: 0, totalResults: 1 })).toEqual([
      "P-PAGE-1.1",
    ]);
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
    // a single person: its Atom feed is P-FMT-7.1's; its JSON needs the request to be named
    expect(absentPagingClause({ entry: {} }, "/totalResults", "atom")).toBe("P-FMT-7.1");
    expect(absentPagingClause({ entry: {} }, "/totalResults", "json")).toBeUndefined();
    expect(
      absentPagingClause({ entry: {} }, "/startIndex", "json", "/os/0.8/people/@me/@self"),
    ).toBe("S-4.6-SELF.1");
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

describe("a capture that meets a single person without a paging member", () => {
  it("names the clause of the person's operation, told by the request's path", async () => {
    const { createHttpClient } = await import("../../../src/conformance/index.js");
    const { runCase } = await import("../../../src/conformance/run/run-case.js");
    const { bundledTarget, startFake } = await import("../helpers.js");
    // every answer one person without totalResults
    const fake = await startFake((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ entry: { id: "example.org:alice" }, startIndex: 0 }));
    });
    const target = bundledTarget(fake.url, false);
    const statementOf = async (path: string): Promise<string | undefined> => {
      const client = createHttpClient(fake.url, 2);
      try {
        const run = await runCase(
          {
            id: "x/capture",
            description: "captures totalResults",
            statements: ["P-PAGE-1.1"],
            level: "profile",
            steps: [
              {
                request: { method: "GET", path },
                expect: { status: 200 },
                capture: { total: "/totalResults" },
              },
            ],
          },
          {
            client,
            origin: fake.url,
            apps: target.apps,
            users: target.users,
            namespace: "example.org",
            limits: { timeoutMs: 2000, maxBodyBytes: 1024 * 1024 },
            now: () => Math.floor(Date.now() / 1000),
          },
        );
        return run.steps[0]?.checks.find((k) => !k.ok)?.statement;
      } finally {
        await client.close();
      }
    };
    try {
      expect(await statementOf("/os/0.8/people/@me/@self")).toBe("S-4.6-SELF.1");
      expect(await statementOf("/os/0.8/people/{viewer}/@friends/{friend}")).toBe("P-PEOPLE-1.1");
      // a path that names no single person: the case's
      expect(await statementOf("/os/0.8/people/{viewer}/@friends/{friend}/x")).toBe("P-PAGE-1.1");
    } finally {
      await fake.close();
    }
  });
});
