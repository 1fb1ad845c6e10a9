/**
 * The case format's conditions and the no-500 check, run against a fake target that answers
 * what each request asks for (`?status=…&body=…`):
 * - `expect.when`: the checks other than the status (and the captures) apply only to the
 *   answers it names; another answer passes them as not applicable, recorded as `when-unmet`;
 * - `onlyIf: {capture, check}`: a step runs only when a value an earlier step captured passes
 *   a pointer check (compared as the case's level compares); otherwise it is skipped and the
 *   case goes on;
 * - `noServerError`: fails on a 5xx only, under its own clause, and comes before the status
 *   check, so a 5xx is reported under the no-500 clause and any other wrong status under the
 *   status's clause.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseSpec, StepSpec } from "../../../src/conformance/index.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";
import { runCase } from "../../../src/conformance/run/run-case.js";
import { caseEnv, type Running, startFake } from "../helpers.js";

let fake: Running;
const seen: string[] = [];
beforeAll(async () => {
  fake = await startFake((req, res) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    seen.push(q.get("n") ?? "");
    req.resume();
    // no answer within the run's timeout (ended later, so the fake can close)
    if (q.has("hang")) {
      setTimeout(() => res.end(), 1500).unref();
      return;
    }
    req.on("end", () => {
      const body = q.get("body") ?? "{}";
      const atom = body.startsWith("<");
      res.writeHead(Number(q.get("status") ?? 200), {
        "content-type": atom ? "application/atom+xml" : "application/json",
      });
      res.end(body);
    });
  });
});
afterAll(() => fake.close());

/** A step asking the fake for `status` and `body`. */
function step(
  n: string,
  status: number,
  body: string,
  expectSpec: StepSpec["expect"],
  more: Partial<StepSpec> = {},
): StepSpec {
  return {
    name: n,
    request: {
      method: "GET",
      path: "/os/0.8/people/@me/@self",
      query: { n, status: String(status), body },
    },
    expect: expectSpec,
    ...more,
  };
}

async function run(steps: StepSpec[], level: "core" | "profile" = "core", timeoutMs?: number) {
  const c: CaseSpec = {
    id: "x/conditions",
    description: "conditions",
    statements: ["S-4.6-SELF.1", "S-7.2-500.2"],
    level,
    ...(level === "core" ? { decidedBy: ["whatever the test says"] } : {}),
    steps,
  };
  const base = caseEnv(fake.url);
  const e = timeoutMs ? { ...base, limits: { ...base.limits, timeoutMs } } : base;
  try {
    return await runCase(c, e);
  } finally {
    await e.client.close();
  }
}

const isViewerFalse = {
  status: [200, 403],
  when: { status: 200 },
  json: [{ pointer: "/entry/isViewer", equals: false }],
};

describe("expect.when", () => {
  it("applies the body checks to an answer it names", async () => {
    const pass = await run([step("a", 200, '{"entry":{"isViewer":false}}', isViewerFalse)]);
    expect(pass.raw).toBe("pass");
    expect(pass.steps[0]?.checks.map((k) => k.finding.code)).toEqual(["status-ok", "equals-ok"]);
    const fail = await run([step("a", 200, '{"entry":{"isViewer":true}}', isViewerFalse)]);
    expect(fail.raw).toBe("fail");
    expect(fail.steps[0]?.checks.map((k) => k.finding.code)).toEqual(["status-ok", "equals-wrong"]);
  });

  it("passes the other checks of an answer it does not name as not applicable, the status still checked", async () => {
    const r = await run([step("a", 403, '{"entry":{"isViewer":true}}', isViewerFalse)]);
    expect(r.raw).toBe("pass");
    expect(r.steps[0]?.checks.map((k) => [k.finding.code, k.ok])).toEqual([
      ["status-ok", true],
      ["when-unmet", true],
    ]);
    const wrong = await run([step("a", 404, "{}", isViewerFalse)]);
    expect(wrong.raw).toBe("fail");
    expect(wrong.failedStatement).toBe("S-4.6-SELF.1");
  });

  it("names a representation, judged by the body: an Atom check does not apply to a JSON answer", async () => {
    const atomOnly = {
      status: 200,
      when: { representation: "atom" as const },
      contentType: "atom",
    };
    expect((await run([step("a", 200, "{}", atomOnly)])).raw).toBe("pass");
    const r = await run([step("a", 200, '<feed xmlns="http://www.w3.org/2005/Atom"/>', atomOnly)]);
    expect(r.steps[0]?.checks.map((k) => k.finding.code)).toEqual(["status-ok", "content-type-ok"]);
  });

  it("takes no capture from an answer it does not name", async () => {
    const r = await run([
      step(
        "a",
        403,
        '{"entry":{"id":"x"}}',
        { status: [200, 403], when: { status: 200 } },
        { capture: { id: "/entry/id" } },
      ),
      step("b", 200, "{}", { status: 200 }, { onlyIf: "id" }),
    ]);
    expect(r.raw).toBe("pass");
    expect(r.steps[1]?.skipped).toBe(true);
  });
});

describe("expect.when with pointer conditions on the body", () => {
  const page = (total: number | string, perPage: number | string, ids: string[]) =>
    JSON.stringify({
      totalResults: total,
      itemsPerPage: perPage,
      entry: ids.map((id) => ({ id })),
    });
  /** The roles are in the list, when the answer holds the whole list. */
  const whole = {
    status: 200,
    when: { status: 200, json: [{ pointer: "/totalResults", equals: "{#/entry}" }] },
    json: [{ pointer: "/entry/*/id", contains: ["c"] }],
  };
  /** A page that is not full holds the whole list. */
  const notFull = {
    status: 200,
    when: { json: [{ pointer: "/itemsPerPage", above: "{#/entry}" }] },
    json: [{ pointer: "/totalResults", equals: "{#/entry}" }],
  };

  it("applies the step's checks when every condition holds", async () => {
    const r = await run([step("a", 200, page(2, 20, ["a", "b"]), whole)]);
    expect(r.raw).toBe("fail");
    expect(r.steps[0]?.checks.map((k) => k.finding.code)).toEqual([
      "status-ok",
      "contains-lacking",
    ]);
    expect((await run([step("a", 200, page(3, 20, ["a", "b", "c"]), whole)])).raw).toBe("pass");
    const short = await run([step("a", 200, page(5, 20, ["a", "b"]), notFull)]);
    expect(short.raw).toBe("fail");
    expect(short.steps[0]?.checks.map((k) => k.finding.code)).toEqual([
      "status-ok",
      "equals-wrong",
    ]);
  });

  it("passes them as not applicable, naming the condition, when one does not hold", async () => {
    const r = await run([step("a", 200, page(5, 2, ["a", "b"]), whole)]);
    expect(r.raw).toBe("pass");
    const [status, unmet] = r.steps[0]?.checks ?? [];
    expect(status?.finding.code).toBe("status-ok");
    expect(unmet).toMatchObject({
      ok: true,
      check: "when",
      finding: { code: "when-unmet", condition: '/totalResults equals "{#/entry}"' },
    });
    expect(unmet && checkText(unmet)).toBe(
      'status 200 (json), where /totalResults equals "{#/entry}" does not hold: the step\'s other checks apply only to the answers its `when` names',
    );
    // A full page proves nothing about the rest of the list.
    expect((await run([step("a", 200, page(5, 2, ["a", "b"]), notFull)])).raw).toBe("pass");
  });

  it("needs every condition: one that fails is enough", async () => {
    const both = {
      ...notFull,
      when: {
        json: [
          { pointer: "/itemsPerPage", above: "{#/entry}" },
          { pointer: "/totalResults", atLeast: 10 },
        ],
      },
    };
    const r = await run([step("a", 200, page(5, 20, ["a", "b"]), both)]);
    expect(r.raw).toBe("pass");
    expect(r.steps[0]?.checks.at(-1)?.finding).toMatchObject({
      code: "when-unmet",
      condition: "/totalResults atLeast 10",
    });
  });

  it("compares as the case's level does: a numeric string is a number at core only", async () => {
    const body = page(5, "20", ["a", "b"]);
    expect((await run([step("a", 200, body, notFull)])).raw).toBe("fail");
    expect((await run([step("a", 200, body, notFull)], "profile")).raw).toBe("pass");
  });

  it("is not met by a body it cannot read or a placeholder it cannot fill, and takes no capture then", async () => {
    expect((await run([step("a", 200, "not json", notFull)])).raw).toBe("pass");
    const noEntry = await run([
      step("a", 200, '{"totalResults":1,"itemsPerPage":5}', notFull, {
        capture: { total: "/totalResults" },
      }),
      step("b", 200, "{}", { status: 200 }, { onlyIf: "total" }),
    ]);
    expect(noEntry.raw).toBe("pass");
    expect(noEntry.steps[0]?.checks.at(-1)?.finding.code).toBe("when-unmet");
    expect(noEntry.steps[1]?.skipped).toBe(true);
  });
});

describe("onlyIf with a condition on a capture", () => {
  const probe = (start: string) =>
    step(
      "probe",
      200,
      `{"startIndex":${start},"entry":[]}`,
      { status: 200 },
      { capture: { probe: "/startIndex" } },
    );
  const guarded = step(
    "guarded",
    400,
    "{}",
    { status: 400 },
    { onlyIf: { capture: "probe", check: { pointer: "", equals: 1 } } },
  );

  it("runs the step when the captured value passes the check", async () => {
    seen.length = 0;
    const r = await run([probe("1"), guarded]);
    expect(r.raw).toBe("pass");
    expect(seen).toEqual(["probe", "guarded"]);
    expect(r.steps[1]?.skipped).toBeUndefined();
  });

  it("compares as the case's level does: a numeric string equals its number at core only", async () => {
    seen.length = 0;
    await run([probe('"1"'), guarded]);
    expect(seen).toEqual(["probe", "guarded"]);
    seen.length = 0;
    await run([probe('"1"'), guarded], "profile");
    expect(seen).toEqual(["probe"]);
  });

  it("skips the step, and the case goes on, when the value fails the check or was never captured", async () => {
    seen.length = 0;
    const r = await run([probe("0"), guarded, step("after", 200, "{}", { status: 200 })]);
    expect(r.raw).toBe("pass");
    expect(seen).toEqual(["probe", "after"]);
    expect(r.steps.map((s) => s.skipped ?? false)).toEqual([false, true, false]);
    seen.length = 0;
    const never = await run([guarded]);
    expect(never.raw).toBe("pass");
    expect(seen).toEqual([]);
  });

  it("reads a pointer inside the captured value, with every pointer rule", async () => {
    seen.length = 0;
    const page = step(
      "page",
      200,
      '{"entry":[{"id":"a"}]}',
      { status: 200 },
      { capture: { page: "" } },
    );
    const one = { capture: "page", check: { pointer: "/entry", count: 1 } };
    const two = { capture: "page", check: { pointer: "/entry", count: 2 } };
    await run([
      page,
      step("one", 200, "{}", { status: 200 }, { onlyIf: one }),
      step("two", 200, "{}", { status: 200 }, { onlyIf: two }),
    ]);
    expect(seen).toEqual(["page", "one"]);
  });
});

describe("noServerError", () => {
  const garbage = {
    status: 400,
    noServerError: { statement: "S-7.2-500.2" },
  };

  it("fails on a 5xx only, under its own clause, reported before the status", async () => {
    const r = await run([step("a", 500, "{}", garbage)]);
    expect(r.raw).toBe("fail");
    expect(r.failedStatement).toBe("S-7.2-500.2");
    expect(r.steps[0]?.checks.map((k) => [k.finding.code, k.statement])).toEqual([
      ["server-error", "S-7.2-500.2"],
      ["status-wrong", "S-4.6-SELF.1"],
    ]);
  });

  it("passes any other status, so that a wrong one is reported under the status's clause", async () => {
    const r = await run([step("a", 200, "{}", garbage)]);
    expect(r.raw).toBe("fail");
    expect(r.failedStatement).toBe("S-4.6-SELF.1");
    expect(r.steps[0]?.checks.map((k) => [k.finding.code, k.ok])).toEqual([
      ["no-server-error-ok", true],
      ["status-wrong", false],
    ]);
    const alone = await run([step("a", 418, "{}", { noServerError: true })]);
    expect(alone.raw).toBe("pass");
  });

  it("applies whether or not the step's `when` names the answer", async () => {
    const r = await run([
      step("a", 503, "{}", { noServerError: true, when: { status: 200 }, bodyEmpty: true }),
    ]);
    expect(r.raw).toBe("fail");
    expect(r.steps[0]?.checks.map((k) => k.finding.code)).toEqual(["server-error", "when-unmet"]);
  });
});

describe("a step's own statement (expect.statement)", () => {
  it("names a capture the step's answer lacks", async () => {
    const r = await run([
      step(
        "a",
        200,
        "{}",
        { status: 200, statement: "S-7.2-500.2" },
        { capture: { id: "/entry/id" } },
      ),
    ]);
    expect(r.raw).toBe("fail");
    expect(r.failedStatement).toBe("S-7.2-500.2");
  });

  it("names a step that got no answer", async () => {
    const hung: StepSpec = {
      request: { method: "GET", path: "/os/0.8/people/@me/@self", query: { hang: "1" } },
      expect: { status: 200, statement: "S-7.2-500.2" },
    };
    const r = await run([step("a", 200, "{}", { status: 200 }), hung], "core", 300);
    expect(r.steps[1]?.failure?.code).toBe("transport-timeout");
    expect(r.failedStatement).toBe("S-7.2-500.2");
  });
});
