import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
/**
 * The suite validates itself (as JSON-Schema-Test-Suite does): every case file matches
 * case.schema.json (additionalProperties false), ids are unique and match file paths, every
 * case cites known statements, and every statement has at least one case.
 */
import { describe, expect, it } from "vitest";
import {
  clauseCoverage,
  FEATURES,
  loadCases,
  loadStatements,
  ROLES,
} from "../../../src/conformance/index.js";
import { issueText } from "../../../src/conformance/reporters/issue-text.js";
import { stateOf } from "../../../src/conformance/run/touched-state.js";
import { caseValidator } from "../../../src/conformance/suite/load-cases.js";

const st = loadStatements();
if (!st.ok) throw new Error(issueText(st.issues));
const statements = st.value;
const loaded = loadCases(statements);
const suite = { cases: loaded.ok ? loaded.value : [] };

describe("conformance suite files", () => {
  it("loads without problems (schema, unique ids, ids match paths, known statements)", () => {
    expect(loaded.ok ? "" : issueText(loaded.issues)).toBe("");
    expect(suite.cases.length).toBeGreaterThan(200);
  });

  it("has unique, stable-looking ids, each with at least one statement", () => {
    const ids = suite.cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of suite.cases) expect(c.statements.length, c.id).toBeGreaterThan(0);
  });

  it("covers every testable clause with at least one case", () => {
    const cov = clauseCoverage(statements, suite.cases);
    expect(cov.uncovered).toEqual([]);
    expect(cov.covered).toBe(cov.testable);
    // Every untestable clause says why.
    for (const c of cov.clauses)
      if (c.untestable !== undefined) expect(c.untestable.length).toBeGreaterThan(15);
  });

  it("cases cite clauses, each of an existing statement", () => {
    const clauseIds = new Set(statements.flatMap((s) => s.clauses.map((c) => c.id)));
    for (const c of suite.cases)
      for (const s of c.statements) expect(clauseIds.has(s), `${c.id} cites ${s}`).toBe(true);
  });

  it("catalogues every P- decision of profile.md and only core statements as S-", () => {
    // The decision ids of profile.md, as published.
    const decisions = [
      "P-AUTH-1",
      "P-AUTH-2",
      "P-AUTH-3",
      "P-AUTH-4",
      "P-AUTH-5",
      "P-AUTH-6",
      "P-AUTH-7",
      "P-FMT-1",
      "P-FMT-2",
      "P-FMT-3",
      "P-FMT-4",
      "P-FMT-5",
      "P-FMT-6",
      "P-FMT-7",
      "P-PAGE-1",
      "P-PAGE-2",
      "P-PAGE-3",
      "P-PAGE-5",
      "P-PAGE-4",
      "P-DATA-1",
      "P-DATA-2",
      "P-DATA-3",
      "P-DATA-4",
      "P-DATA-5",
      "P-DATA-6",
      "P-DATA-7",
      "P-PEOPLE-1",
      "P-PEOPLE-5",
      "P-PEOPLE-2",
      "P-PEOPLE-3",
      "P-PEOPLE-4",
      "P-ALBUM-1",
      "P-ALBUM-2",
      "P-ALBUM-3",
      "P-ERR-1",
      "P-ERR-2",
      "P-ERR-3",
      "P-ERR-4",
      "P-ERR-5",
      "P-ERR-6",
    ];
    for (const id of decisions)
      expect(
        statements.some((s) => s.id === id),
        id,
      ).toBe(true);
    for (const s of statements) expect(s.level).toBe(s.id.startsWith("S-") ? "core" : "profile");
  });

  it("refuses a suite of another format version", () => {
    const dir = mkdtempSync(join(tmpdir(), "osk-format-"));
    try {
      writeFileSync(
        join(dir, "statements.json"),
        JSON.stringify({ formatVersion: 3, statements: [] }),
      );
      const r = loadStatements(dir);
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.issues[0]).toMatchObject({
          code: "statements-invalid",
          pointer: "/formatVersion",
          message: expect.stringMatching(/suite format 3 is not the format 2/),
        });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rejects a case with an unknown member (additionalProperties false)", () => {
    const v = caseValidator();
    const good = suite.cases[0];
    expect(v(good)).toBe(true);
    expect(v({ ...good, extra: 1 })).toBe(false);
    expect(
      v({ ...good, steps: [{ request: { method: "GET", path: "/x", bogus: 1 }, expect: {} }] }),
    ).toBe(false);
    expect(v({ ...good, level: "optional" })).toBe(false);
    // auth has one spelling, the object.
    const step = (auth: unknown) => ({ request: { method: "GET", path: "/x", auth }, expect: {} });
    expect(v({ ...good, steps: [step({ mode: "none" })] })).toBe(true);
    expect(v({ ...good, steps: [step("none")] })).toBe(false);
    // A step with `use` is judged as a library step, so the error is about it.
    expect(v({ ...good, steps: [{ use: "clean-up" }] })).toBe(true);
    expect(v({ ...good, steps: [{ use: "clean-up", always: true }] })).toBe(false);
    expect(v.errors?.[0]?.instancePath).toBe("/steps/0");
  });

  it("takes a step's concurrency only with repeat and without captures", () => {
    const v = caseValidator();
    const good = suite.cases[0];
    const step = (more: object) => ({
      request: { method: "GET", path: "/x" },
      expect: {},
      ...more,
    });
    expect(v({ ...good, steps: [step({ repeat: 4, concurrency: 2 })] })).toBe(true);
    expect(v({ ...good, steps: [step({ concurrency: 2 })] })).toBe(false);
    expect(v({ ...good, steps: [step({ repeat: 4, concurrency: 2, capture: { a: "/a" } })] })).toBe(
      false,
    );
    expect(v({ ...good, steps: [step({ repeat: 4, concurrency: 17 })] })).toBe(false);
  });

  it("core cases cite at least one core statement; write cases use per-case keys or run alone", () => {
    const core = new Set(
      statements.filter((s) => s.level === "core").flatMap((s) => s.clauses.map((c) => c.id)),
    );
    for (const c of suite.cases.filter((x) => x.level === "core"))
      expect(
        c.statements.some((s) => core.has(s)),
        c.id,
      ).toBe(true);
    for (const c of suite.cases) {
      // GET and HEAD are safe (RFC 9110 §9.2.1): no state to keep apart.
      const writes = c.steps.filter(
        (s) => s.request.method !== "GET" && s.request.method !== "HEAD",
      );
      const text = JSON.stringify(writes.map((s) => [s.request.body, s.request.query]));
      const unique = text.includes("{unique}") || text.includes("{$saved}");
      if (writes.length && !c.exclusive)
        expect(unique || writes.every((s) => s.expect.status !== 200), c.id).toBe(true);
    }
  });

  it("a shared case changes no one's data but the viewer's: others' data is read whole, in @friends answers, by cases that compare two reads", () => {
    for (const c of suite.cases.filter((x) => !x.exclusive))
      for (const s of c.steps) {
        const state = stateOf(s.request);
        const write = s.request.method !== "GET" && s.request.method !== "HEAD";
        const expected = [s.expect.status ?? []].flat();
        const mayWrite = expected.length === 0 || expected.some((x) => x < 300);
        if (write && state.startsWith("appdata/") && mayWrite)
          expect(state, `${c.id}: ${s.request.method} ${s.request.path}`).toBe("appdata/viewer");
      }
  });

  it("an exclusive case that empties a user's record saves it first and restores it in an always step", () => {
    const fields = (q: unknown) =>
      Array.isArray(q) ? undefined : (q as Record<string, string> | undefined)?.fields;
    for (const c of suite.cases.filter((x) => x.exclusive)) {
      const emptied = c.steps
        .filter((s) => s.request.method === "DELETE" && !fields(s.request.query))
        .map((s) => stateOf(s.request));
      const saved = c.steps.findIndex((s) => s.capture?.saved !== undefined);
      const restored = c.steps.filter(
        (s) =>
          s.always && JSON.stringify(s.request.body) === JSON.stringify({ record: "{$saved}" }),
      );
      for (const user of emptied) {
        expect(user, c.id).toMatch(/^appdata\/(?!\*)/);
        expect(stateOf(c.steps[saved]?.request ?? { path: "" }), `${c.id} saves ${user}`).toBe(
          user,
        );
        expect(
          restored.map((s) => stateOf(s.request)),
          `${c.id} restores ${user}`,
        ).toEqual([user]);
        expect(
          c.steps.findIndex((s) => s.request.method === "DELETE"),
          `${c.id} saves before it deletes`,
        ).toBeGreaterThan(saved);
      }
      const wholeDeletes = c.steps.flatMap((s, i) =>
        s.request.method === "DELETE" && !fields(s.request.query) ? [i] : [],
      );
      const restoredAt = c.steps.findIndex((s) => restored.includes(s));
      if (wholeDeletes.length)
        expect(restoredAt, `${c.id} restores after its last whole delete`).toBeGreaterThan(
          Math.max(...wholeDeletes),
        );
      // an always step runs after a failed save too: it may empty the record only once the
      // save was answered, or the user's data is gone with nothing to restore it from
      for (const i of wholeDeletes.filter((i) => c.steps[i]?.always))
        expect(c.steps[i]?.onlyIf, `${c.id} step ${i + 1}`).toEqual({
          capture: "saveAnswer",
          check: { pointer: "/entry", type: "object" },
        });
    }
  });

  it("checks key order only in Atom application data (P-FMT-3: JSON member order is never a rule)", () => {
    for (const c of suite.cases)
      for (const s of c.steps)
        if (s.expect.json?.some((k) => "keys" in k))
          expect(s.expect.atom?.kind, `${c.id}: keys outside Atom appdata`).toBe("appdata");
  });

  it("a write or delete that only prepares or clears a read names its own clause, not the read's", () => {
    // A refused setup write or clean-up broke the write or delete rule (S-4.4-WRITE.1,
    // S-4.5-DELETE-FIELDS.1, …), not the rule the case reads for: each such step says which.
    const readGroups = /^(appdata-read|json-atom|albums|people|mediaitems)\//;
    const unnamed = suite.cases.flatMap((c) =>
      c.steps.flatMap((step, i) => {
        const { method } = step.request;
        const prepares =
          method === "POST" ||
          method === "PUT" ||
          (method === "DELETE" && !c.id.startsWith("appdata-delete/"));
        return (readGroups.test(c.id) || c.id.startsWith("appdata-delete/")) &&
          prepares &&
          step.expect.statement === undefined
          ? [`${c.id} step ${i} (${method})`]
          : [];
      }),
    );
    expect(unnamed).toEqual([]);
  });

  it("uses only the closed lists of features and roles", () => {
    for (const c of suite.cases) for (const f of c.features ?? []) expect(FEATURES).toContain(f);
    for (const c of suite.cases)
      for (const s of c.steps)
        if (s.request.as) expect([...ROLES, "none", "unknown"]).toContain(s.request.as);
  });
});
